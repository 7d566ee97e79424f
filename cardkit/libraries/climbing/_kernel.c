/* The optional compiled kernel of the climbing library (cardkit.libraries.climbing.kernel).
 *
 * Three small functions, each the line-for-line image of a pure-Python reference that stays
 * the specification (and what runs without this extension):
 *
 *   all_sequence_masks(smask, held, minimum, double)  enumeration.python_all_sequence_masks
 *   keep_disjoint(masks, items, gone)                 kernel.python_keep_disjoint
 *   pick_bits(bits, table, offset)                    kernel.python_pick_bits
 *   gather_rows(smask, rows, columns)                 kernel.python_gather_rows
 *   next_turn(seat, players, step, skipped, last, out) turns.python_next_turn
 *
 * Each answers the common call (ints that fit in 64 bits, lists) and hands every other call,
 * unchanged, to its Python reference (registered by bind()), so both always give the same
 * answer or raise the same error. A strength mask fits in 64 bits: 13 rank positions of 4
 * suits. See docs/performance.md.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

/* The Python references, by function (set once by bind(); NULL: not bound yet). */
enum { ALL_SEQUENCE_MASKS, KEEP_DISJOINT, PICK_BITS, GATHER_ROWS, NEXT_TURN, N_FUNCTIONS };
static const char *const names[N_FUNCTIONS] = {"all_sequence_masks", "keep_disjoint",
                                               "pick_bits", "gather_rows", "next_turn"};
static PyObject *python_of[N_FUNCTIONS];

/* Hand the call to the Python reference (the error that made the kernel give up, if any, is
 * dropped: the Python function raises its own). */
static PyObject *
hand_over(int which, PyObject *const *args, Py_ssize_t nargs)
{
    PyErr_Clear();
    if (python_of[which] == NULL) {
        PyErr_Format(PyExc_RuntimeError, "%s: the Python reference is not bound", names[which]);
        return NULL;
    }
    return PyObject_Vectorcall(python_of[which], args, (size_t)nargs, NULL);
}

/* A non-negative int below 2**64 into *out; 0 (an error set) for anything else. */
static int
as_u64(PyObject *value, uint64_t *out)
{
    if (!PyLong_Check(value)) return 0;
    unsigned long long got = PyLong_AsUnsignedLongLong(value);
    if (got == (unsigned long long)-1 && PyErr_Occurred()) return 0;
    *out = (uint64_t)got;
    return 1;
}

/* ------------------------------------------------------------ all_sequence_masks */

/* enumeration._SUBS_1 / _SUBS_2: for each 4-bit nibble, its sub-nibbles of 1 (2) bits ordered
 * by the highest bit, then the remaining bit (the library's order). Filled at import. */
static uint8_t subs[2][16][6];
static uint8_t n_subs[2][16];

static void
fill_subs(void)
{
    for (int nibble = 0; nibble < 16; nibble++) {
        int n = 0;
        for (int bit = 0; bit < 4; bit++)
            if (nibble >> bit & 1) subs[0][nibble][n++] = (uint8_t)(1 << bit);
        n_subs[0][nibble] = (uint8_t)n;
        n = 0;
        for (int high = 0; high < 4; high++)
            for (int low = 0; low < high; low++)
                if ((nibble >> high & 1) && (nibble >> low & 1))
                    subs[1][nibble][n++] = (uint8_t)(1 << high | 1 << low);
        n_subs[1][nibble] = (uint8_t)n;
    }
}

static inline uint64_t shl(uint64_t x, int by) { return by >= 64 ? 0 : x << by; }
static inline uint64_t shr(uint64_t x, int by) { return by >= 64 ? 0 : x >> by; }

/* Python: every position inside a run of `minimum` held positions or more, in order, its
 * choices (tops), and how long the run is up to it (len(chains)); the sequences of n ranks
 * ending at position i are the product of the choices at i (slowest), i-1, ..., i-n+1
 * (fastest), and the group of length n lists them for every i in order. Rather than keep
 * the chains, each group is counted, allocated once and filled by an odometer: no buffer
 * grows with the hand (a dense hand's groups are as long as Python's, no longer). */
static PyObject *
kernel_all_sequence_masks(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    uint64_t smask, held;
    if (nargs != 4 || !as_u64(args[0], &smask) || !as_u64(args[1], &held)
        || !PyLong_Check(args[2]))
        return hand_over(ALL_SEQUENCE_MASKS, args, nargs);
    long minimum = PyLong_AsLong(args[2]);
    if (minimum < 1 || minimum > 64)  /* (or an error): nothing the library asks; Python's */
        return hand_over(ALL_SEQUENCE_MASKS, args, nargs);
    int is_double = PyObject_IsTrue(args[3]);
    if (is_double < 0) return NULL;

    uint64_t windows = held;
    for (int k = 1; k < minimum; k++) windows &= shl(held, 4 * k);
    if (!windows) return PyList_New(0);
    uint64_t positions = windows;
    for (int k = 1; k < minimum; k++) positions |= shr(windows, 4 * k);

    /* at most 64 positions; the choices of each, and the run length up to it */
    uint64_t tops[64][6];
    int n_tops[64], run[64], count = 0, longest = 0, below = -8;
    while (positions) {
        int base = __builtin_ctzll(positions);
        positions &= positions - 1;
        unsigned nibble = (unsigned)(smask >> base) & 0xF;
        n_tops[count] = n_subs[is_double][nibble];
        for (int c = 0; c < n_tops[count]; c++)
            tops[count][c] = (uint64_t)subs[is_double][nibble][c] << base;
        run[count] = base - 4 != below ? 1 : run[count - 1] + 1;
        if (run[count] > longest) longest = run[count];
        below = base;
        count++;
    }

    PyObject *out = PyList_New(0);
    if (out == NULL) return NULL;
    for (int n = (int)minimum; n <= longest; n++) {
        /* the group's size: the products at every end with a run of n or more */
        Py_ssize_t size = 0;
        for (int end = 0; end < count; end++) {
            if (run[end] < n) continue;
            Py_ssize_t product = 1;
            for (int i = end - n + 1; i <= end; i++)
                if (__builtin_mul_overflow(product, (Py_ssize_t)n_tops[i], &product)) {
                    Py_DECREF(out);
                    return PyErr_NoMemory();
                }
            if (__builtin_add_overflow(size, product, &size)) {
                Py_DECREF(out);
                return PyErr_NoMemory();
            }
        }
        PyObject *entry = PyTuple_New(2);
        PyObject *length = PyLong_FromLong(n);
        PyObject *group = PyList_New(size);
        if (entry) {
            PyTuple_SET_ITEM(entry, 0, length);
            PyTuple_SET_ITEM(entry, 1, group);
        }
        else {
            Py_XDECREF(length);
            Py_XDECREF(group);
        }
        if (entry == NULL || length == NULL || group == NULL || PyList_Append(out, entry) < 0) {
            Py_XDECREF(entry);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(entry);  /* out holds it, and it the group, filled below */
        Py_ssize_t at = 0;
        int digit[64];
        uint64_t prefix[65];  /* prefix[j]: the OR of the choices of digits 0..j-1 */
        for (int end = 0; end < count; end++) {
            if (run[end] < n) continue;
            int empty = 0;
            for (int j = 0; j < n; j++) empty |= n_tops[end - j] == 0;
            if (empty) continue;
            /* digit j picks at position end - j; the last digit turns fastest */
            prefix[0] = 0;
            for (int j = 0; j < n; j++) {
                digit[j] = 0;
                prefix[j + 1] = prefix[j] | tops[end - j][0];
            }
            for (;;) {
                PyObject *value = PyLong_FromUnsignedLongLong(prefix[n]);
                if (value == NULL) {
                    Py_DECREF(out);
                    return NULL;
                }
                PyList_SET_ITEM(group, at, value);
                at++;
                int j = n - 1;
                while (j >= 0 && digit[j] + 1 == n_tops[end - j]) j--;
                if (j < 0) break;
                digit[j]++;
                for (int r = j + 1; r < n; r++) digit[r] = 0;
                for (int r = j; r < n; r++)
                    prefix[r + 1] = prefix[r] | tops[end - r][digit[r]];
            }
        }
    }
    return out;
}

/* ------------------------------------------------------------ keep_disjoint */

/* The masks are non-negative and below 2**64, so `mask & gone` only reads gone's low 64 bits
 * in two's complement (~smask included): PyLong_AsUnsignedLongLongMask is exactly that. */
static PyObject *
kernel_keep_disjoint(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3 || !PyList_CheckExact(args[0]) || !PyLong_Check(args[2])
        || (args[1] != Py_None && !PyList_CheckExact(args[1])))
        return hand_over(KEEP_DISJOINT, args, nargs);
    PyObject *masks = args[0], *items = args[1] == Py_None ? NULL : args[1];
    Py_ssize_t n = PyList_GET_SIZE(masks);
    if (items != NULL && PyList_GET_SIZE(items) != n)
        return hand_over(KEEP_DISJOINT, args, nargs);  /* Python's ValueError */
    uint64_t gone = (uint64_t)PyLong_AsUnsignedLongLongMask(args[2]);
    if (gone == (uint64_t)-1 && PyErr_Occurred()) return hand_over(KEEP_DISJOINT, args, nargs);
    /* which masks are dropped, one bit each (on the stack for a move's legal list) */
    uint64_t on_stack[32], *dropped = on_stack;
    Py_ssize_t words = n / 64 + 1;
    if (words > 32) {
        dropped = PyMem_Calloc((size_t)words, sizeof(uint64_t));
        if (dropped == NULL) return PyErr_NoMemory();
    }
    else memset(on_stack, 0, sizeof on_stack);
    Py_ssize_t kept = n;
    for (Py_ssize_t i = 0; i < n; i++) {
        uint64_t mask;
        if (!as_u64(PyList_GET_ITEM(masks, i), &mask)) {  /* negative, too wide, no int */
            if (dropped != on_stack) PyMem_Free(dropped);
            return hand_over(KEEP_DISJOINT, args, nargs);
        }
        if (mask & gone) {
            dropped[i >> 6] |= 1ull << (i & 63);
            kept--;
        }
    }
    if (kept == n) {  /* nothing to drop */
        if (dropped != on_stack) PyMem_Free(dropped);
        Py_RETURN_NONE;
    }
    PyObject *kept_masks = PyList_New(kept);
    PyObject *kept_items = items == NULL ? Py_NewRef(Py_None) : PyList_New(kept);
    if (kept_masks == NULL || kept_items == NULL) {
        if (dropped != on_stack) PyMem_Free(dropped);
        Py_XDECREF(kept_masks);
        Py_XDECREF(kept_items);
        return NULL;
    }
    Py_ssize_t at = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (dropped[i >> 6] >> (i & 63) & 1) continue;
        PyList_SET_ITEM(kept_masks, at, Py_NewRef(PyList_GET_ITEM(masks, i)));
        if (items != NULL) PyList_SET_ITEM(kept_items, at, Py_NewRef(PyList_GET_ITEM(items, i)));
        at++;
    }
    if (dropped != on_stack) PyMem_Free(dropped);
    return Py_BuildValue("(NN)", kept_masks, kept_items);
}

/* ------------------------------------------------------------ pick_bits */

static PyObject *
kernel_pick_bits(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    uint64_t bits;
    if (nargs != 3 || !as_u64(args[0], &bits) || !PyLong_Check(args[2])
        || !(PyList_CheckExact(args[1]) || PyTuple_CheckExact(args[1])))
        return hand_over(PICK_BITS, args, nargs);
    Py_ssize_t offset = PyLong_AsSsize_t(args[2]);
    if (offset == -1 && PyErr_Occurred()) return hand_over(PICK_BITS, args, nargs);
    PyObject *table = args[1];
    Py_ssize_t size = PySequence_Fast_GET_SIZE(table);
    PyObject **cells = PySequence_Fast_ITEMS(table);
    /* Python's table[offset + i]: an index below 0 (counted from the end) or past the end
     * goes to Python, for its answer or its IndexError */
    if (bits && (offset < 0 || offset > size
                 || offset + (Py_ssize_t)(63 - __builtin_clzll(bits)) >= size))
        return hand_over(PICK_BITS, args, nargs);
    PyObject *out = PyList_New(__builtin_popcountll(bits));
    if (out == NULL) return NULL;
    Py_ssize_t at = 0;
    while (bits) {
        PyList_SET_ITEM(out, at, Py_NewRef(cells[offset + __builtin_ctzll(bits)]));
        at++;
        bits &= bits - 1;
    }
    return out;
}

/* ------------------------------------------------------------ gather_rows */

/* rows[p][nibble] for each rank position p whose nibble of smask is not 0 (at most 16 in 64
 * bits), then per group of columns one list: the items of each of its columns, row by row.
 * Anything but tuples where the reference indexes (and ints for the columns) goes to Python,
 * as does an index out of range (its IndexError). */
static PyObject *
kernel_gather_rows(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    uint64_t smask;
    if (nargs != 3 || !as_u64(args[0], &smask) || !PyTuple_CheckExact(args[1])
        || !PyTuple_CheckExact(args[2]))
        return hand_over(GATHER_ROWS, args, nargs);
    PyObject *rows = args[1], *columns = args[2];
    PyObject *picked[16];
    int n_picked = 0;
    for (Py_ssize_t position = 0; smask; position++, smask >>= 4) {
        Py_ssize_t nibble = (Py_ssize_t)(smask & 0xF);
        if (!nibble) continue;
        if (position >= PyTuple_GET_SIZE(rows)) return hand_over(GATHER_ROWS, args, nargs);
        PyObject *at = PyTuple_GET_ITEM(rows, position);
        if (!PyTuple_CheckExact(at) || nibble >= PyTuple_GET_SIZE(at))
            return hand_over(GATHER_ROWS, args, nargs);
        PyObject *row = PyTuple_GET_ITEM(at, nibble);
        if (!PyTuple_CheckExact(row)) return hand_over(GATHER_ROWS, args, nargs);
        picked[n_picked++] = row;
    }
    Py_ssize_t n_groups = PyTuple_GET_SIZE(columns);
    /* check every column index and cell first: a hand-over after a list is built would leak */
    for (Py_ssize_t g = 0; g < n_groups; g++) {
        PyObject *group = PyTuple_GET_ITEM(columns, g);
        if (!PyTuple_CheckExact(group)) return hand_over(GATHER_ROWS, args, nargs);
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(group); k++) {
            PyObject *index = PyTuple_GET_ITEM(group, k);
            if (!PyLong_CheckExact(index)) return hand_over(GATHER_ROWS, args, nargs);
            Py_ssize_t column = PyLong_AsSsize_t(index);
            if (column < 0) return hand_over(GATHER_ROWS, args, nargs);  /* or an error */
            for (int r = 0; r < n_picked; r++)
                if (column >= PyTuple_GET_SIZE(picked[r])
                    || !PyTuple_CheckExact(PyTuple_GET_ITEM(picked[r], column)))
                    return hand_over(GATHER_ROWS, args, nargs);
        }
    }
    PyObject *out = PyList_New(n_groups);
    if (out == NULL) return NULL;
    for (Py_ssize_t g = 0; g < n_groups; g++) {
        PyObject *group = PyTuple_GET_ITEM(columns, g);
        Py_ssize_t n_columns = PyTuple_GET_SIZE(group), total = 0;
        for (Py_ssize_t k = 0; k < n_columns; k++) {
            Py_ssize_t column = PyLong_AsSsize_t(PyTuple_GET_ITEM(group, k));
            for (int r = 0; r < n_picked; r++)
                total += PyTuple_GET_SIZE(PyTuple_GET_ITEM(picked[r], column));
        }
        PyObject *items = PyList_New(total);
        if (items == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        Py_ssize_t at = 0;
        for (Py_ssize_t k = 0; k < n_columns; k++) {
            Py_ssize_t column = PyLong_AsSsize_t(PyTuple_GET_ITEM(group, k));
            for (int r = 0; r < n_picked; r++) {
                PyObject *cell = PyTuple_GET_ITEM(picked[r], column);
                for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(cell); i++)
                    PyList_SET_ITEM(items, at++, Py_NewRef(PyTuple_GET_ITEM(cell, i)));
            }
        }
        PyList_SET_ITEM(out, g, items);
    }
    return out;
}

/* ------------------------------------------------------------ next_turn */

/* An exact int in [0, 64) into *out (seats, seat counts; a bitmask of seats below 2**64 by
 * as_u64); 0 for anything else. */
static int
small_int(PyObject *value, long *out)
{
    if (!PyLong_CheckExact(value)) return 0;
    long got = PyLong_AsLong(value);
    if (got == -1 && PyErr_Occurred()) return 0;
    *out = got;
    return 1;
}

/* The reference's loops with Python's modulo (a result with the divisor's sign). The common
 * call: 1 to 64 players, a seat and a last player among them, a step of +1 or -1, bitmasks
 * of seats; the rest (and every error) goes to Python. */
static PyObject *
kernel_next_turn(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    long seat, players, step, last = -1;
    uint64_t skipped, out;
    if (nargs != 6 || !small_int(args[0], &seat) || !small_int(args[1], &players)
        || !small_int(args[2], &step) || !as_u64(args[3], &skipped)
        || (args[4] != Py_None && !small_int(args[4], &last)) || !as_u64(args[5], &out)
        || players < 1 || players > 64 || seat < 0 || seat >= players
        || (step != 1 && step != -1) || (args[4] != Py_None && (last < 0 || last >= players)))
        return hand_over(NEXT_TURN, args, nargs);
    long s = seat;
    for (long i = 0; i < players; i++) {
        s = (s + step + players) % players;
        if (s == last) {
            for (long j = 0; j < players; j++) {
                if (!(out >> s & 1)) return PyLong_FromLong(~s);
                s = (s + step + players) % players;
            }
            return hand_over(NEXT_TURN, args, nargs);  /* every seat out: Python's error */
        }
        if (!(skipped >> s & 1)) return PyLong_FromLong(s);
    }
    return hand_over(NEXT_TURN, args, nargs);
}

/* ------------------------------------------------------------ bind and the module */

static PyMethodDef compiled_methods[N_FUNCTIONS] = {
    {"all_sequence_masks", (PyCFunction)(void (*)(void))kernel_all_sequence_masks,
     METH_FASTCALL, NULL},
    {"keep_disjoint", (PyCFunction)(void (*)(void))kernel_keep_disjoint, METH_FASTCALL, NULL},
    {"pick_bits", (PyCFunction)(void (*)(void))kernel_pick_bits, METH_FASTCALL, NULL},
    {"gather_rows", (PyCFunction)(void (*)(void))kernel_gather_rows, METH_FASTCALL, NULL},
    {"next_turn", (PyCFunction)(void (*)(void))kernel_next_turn, METH_FASTCALL, NULL},
};

/* The docstrings the compiled functions show (given by bind(); their UTF-8 text, which
 * ml_doc points to, lives as long as the str). */
static PyObject *doc_of[N_FUNCTIONS];

PyDoc_STRVAR(bind_doc,
"bind(name, python, doc, /)\n--\n\n"
"The compiled function ``name`` standing for the Python function ``python``, its reference,\n"
"to which it hands every call it does not answer. ``doc`` is its ``__doc__`` (after a first\n"
"line ``name(parameters)`` and a line ``--``, its signature) and its module is ``python``'s.");

static PyObject *
kernel_bind(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3 || !PyUnicode_Check(args[0]) || !PyCallable_Check(args[1])
        || !PyUnicode_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError, "bind() needs a name, a Python function and a doc");
        return NULL;
    }
    for (int which = 0; which < N_FUNCTIONS; which++) {
        if (PyUnicode_CompareWithASCIIString(args[0], names[which]) != 0) continue;
        const char *text = PyUnicode_AsUTF8(args[2]);
        PyObject *module_name = text ? PyObject_GetAttrString(args[1], "__module__") : NULL;
        if (module_name == NULL) return NULL;
        /* bound again (the Python module imported afresh): every compiled function of this
         * name hands over to the new reference and shows the new doc */
        compiled_methods[which].ml_doc = text;
        Py_XSETREF(doc_of[which], Py_NewRef(args[2]));
        Py_XSETREF(python_of[which], Py_NewRef(args[1]));
        PyObject *compiled = PyCFunction_NewEx(&compiled_methods[which], NULL, module_name);
        Py_DECREF(module_name);
        return compiled;
    }
    PyErr_Format(PyExc_ValueError, "no compiled function %R", args[0]);
    return NULL;
}

static PyMethodDef kernel_methods[] = {
    {"bind", (PyCFunction)(void (*)(void))kernel_bind, METH_FASTCALL, bind_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT,
    "cardkit.libraries.climbing._kernel",
    "The optional compiled kernel of the climbing library (see "
    "cardkit.libraries.climbing.kernel).",
    -1,
    kernel_methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC
PyInit__kernel(void)
{
    fill_subs();
    return PyModule_Create(&kernel_module);
}
