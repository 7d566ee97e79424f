/* The optional compiled kernel of the one-deck meld search (cardkit.libraries.melds.kernel).
 *
 * It answers best_arrangement, deadwood_value and deadwood_within for a CardSet (or an int
 * mask) of natural cards under any MeldRules whose compiled tables it can read; everything
 * else (wild cards,
 * jokers, copies, lists of cards, rules not yet compiled, subclasses) is handed to the
 * pure-Python functions unchanged, which stay the reference. The search is the one of
 * solve.py, line for line: the same tables (copied once per MeldTables into C arrays), the same
 * packed scores and the same tie-break order, so both give the same value and the same set
 * cards. See docs/performance.md.
 *
 * The hot path reads three slots of attrs/__slots__ classes (CardSet.mask, MeldRules._tables,
 * MeldTables.kernel) and writes two of a new Arrangement by their offsets, found once from
 * their member descriptors by bind(); a slot that is not a plain object slot makes bind() fail,
 * and the Python code then runs alone.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <string.h>

#define M13 0x1FFFull
#define RANK_BITS 0x8004002001ull /* one card of rank ace in each suit */
#define MAX_CHOICES 16

typedef struct {
    int ok;                   /* 0: tables the kernel cannot hold (the Python code answers) */
    int sets_3_or_4;          /* sets of 3 or 4: one rank's best choice has a closed form */
    uint64_t special;         /* cards that leave the natural search (two's complement) */
    uint64_t serial1;         /* tables.source >> 104 */
    int32_t score[8192];      /* packed score of each suit rank mask's best runs */
    uint16_t capable[8192];   /* ranks of a suit rank mask lying in some potential run */
    uint64_t choices[256][MAX_CHOICES]; /* undominated set choices, by held << 4 | capable */
    uint8_t n_choices[256];
    uint8_t rank_choices[16][MAX_CHOICES]; /* every legal set choice (4-bit), by held suits */
    uint8_t n_rank_choices[16];
} Tables;

static const uint64_t SPREAD[16] = {
    0x0ull, 0x1ull, 0x2000ull, 0x2001ull, 0x4000000ull, 0x4000001ull, 0x4002000ull,
    0x4002001ull, 0x8000000000ull, 0x8000000001ull, 0x8000002000ull, 0x8000002001ull,
    0x8004000000ull, 0x8004000001ull, 0x8004002000ull, 0x8004002001ull,
};

/* What bind() found: the classes, slot offsets, the Python functions to hand over to. */
static PyTypeObject *cardset_type, *rules_type, *tables_type, *arrangement_type;
static Py_ssize_t mask_offset, tables_offset, kernel_offset, value_offset, source_offset;
static PyObject *python_best, *python_value, *python_within, *default_rules, *rules_name;

#define SLOT(object, offset) (*(PyObject **)((char *)(object) + (offset)))

/* ---------------------------------------------------------------- the search (solve.py) */

static inline int ctz64(uint64_t x) { return __builtin_ctzll(x); }
static inline int popcount64(uint64_t x) { return __builtin_popcountll(x); }

static void
best_choice(int64_t da, int64_t db, int64_t dc, int64_t dd, const Tables *T, unsigned held,
            int64_t *best_out, unsigned *chosen_out)
{
    int64_t best = 0;
    unsigned chosen = 0;
    for (int i = 0; i < T->n_rank_choices[held]; i++) {
        unsigned choice = T->rank_choices[held][i];
        int64_t value = 0;
        if (choice & 1) value = da;
        if (choice & 2) value += db;
        if (choice & 4) value += dc;
        if (choice & 8) value += dd;
        if (value < best) {
            best = value;
            chosen = choice;
        }
    }
    *best_out = best;
    *chosen_out = chosen;
}

static void
solve_one_rank(uint64_t a, uint64_t b, uint64_t c, uint64_t d, uint64_t bit, const Tables *T,
               int64_t *score_out, uint64_t *sets_out)
{
    const int32_t *score = T->score;
    int64_t sa = score[a], sb = score[b], sc = score[c], sd = score[d];
    int64_t da = (a & bit) ? score[a ^ bit] + 1 - sa : 0;
    int64_t db = (b & bit) ? score[b ^ bit] + 1 - sb : 0;
    int64_t dc = (c & bit) ? score[c ^ bit] + 1 - sc : 0;
    int64_t dd = (d & bit) ? score[d ^ bit] + 1 - sd : 0;
    int64_t total = sa + sb + sc + sd;
    int r = ctz64(bit);
    if (!T->sets_3_or_4) {
        unsigned held = (a & bit ? 1u : 0) | (b & bit ? 2u : 0) | (c & bit ? 4u : 0)
                        | (d & bit ? 8u : 0);
        int64_t best;
        unsigned chosen;
        best_choice(da, db, dc, dd, T, held, &best, &chosen);
        *score_out = total + best;
        *sets_out = SPREAD[chosen] << r;
        return;
    }
    int64_t gain = da + db + dc + dd;
    if (a & b & c & d & bit) {
        int64_t most = da;
        if (db > most) most = db;
        if (dc > most) most = dc;
        if (dd > most) most = dd;
        if (most <= 0) {
            if (gain >= 0) {
                *score_out = total;
                *sets_out = 0;
            } else {
                *score_out = total + gain;
                *sets_out = RANK_BITS << r;
            }
            return;
        }
        if (gain - most >= 0) {
            *score_out = total;
            *sets_out = 0;
            return;
        }
        int out = dd == most ? 3 : dc == most ? 2 : db == most ? 1 : 0;
        *score_out = total + gain - most;
        *sets_out = (RANK_BITS ^ (1ull << (13 * out))) << r;
        return;
    }
    if (gain >= 0) {
        *score_out = total;
        *sets_out = 0;
        return;
    }
    uint64_t held = (a & bit ? 1ull : 0) | (b & bit ? 1ull << 13 : 0)
                    | (c & bit ? 1ull << 26 : 0) | (d & bit ? 1ull << 39 : 0);
    *score_out = total + gain;
    *sets_out = held << r;
}

typedef struct {
    const Tables *T;
    uint64_t h;
    int count;
    int ranks[13];
    unsigned index[13]; /* the choices entry of each open rank */
    int64_t best;
    uint64_t chosen;
} Search;

/* Every product of the open ranks' choices, the first open rank varying slowest (the order
 * of search_choices' list); the first least score wins. */
static void
search_choices(Search *s, int depth, uint64_t rm)
{
    if (depth == s->count) {
        const int32_t *score = s->T->score;
        uint64_t x = s->h & ~rm;
        int64_t value = (int64_t)score[x & M13] + score[x >> 13 & M13] + score[x >> 26 & M13]
                        + score[x >> 39] + popcount64(rm);
        if (s->best < 0 || value < s->best) {
            s->best = value;
            s->chosen = rm;
        }
        return;
    }
    unsigned entry = s->index[depth];
    int r = s->ranks[depth];
    for (int i = 0; i < s->T->n_choices[entry]; i++)
        search_choices(s, depth + 1, rm | s->T->choices[entry][i] << r);
}

static void
solve_ranks(uint64_t h, uint64_t a, uint64_t b, uint64_t c, uint64_t d, uint64_t t,
            const Tables *T, int64_t *score_out, uint64_t *sets_out)
{
    const int32_t *score = T->score;
    uint64_t ca = T->capable[a], cb = T->capable[b], cc = T->capable[c], cd = T->capable[d];
    uint64_t fixed = 0;
    Search s;
    s.T = T;
    s.count = 0;
    while (t) {
        uint64_t low = t & -t;
        t ^= low;
        int r = ctz64(low);
        unsigned held = (unsigned)((a >> r & 1) << 4 | (b >> r & 1) << 5 | (c >> r & 1) << 6
                                   | (d >> r & 1) << 7);
        held |= (unsigned)((ca >> r & 1) | (cb >> r & 1) << 1 | (cc >> r & 1) << 2
                           | (cd >> r & 1) << 3);
        if (T->n_choices[held] == 1) {
            fixed |= T->choices[held][0] << r;
        } else {
            s.ranks[s.count] = r;
            s.index[s.count] = held;
            s.count++;
        }
    }
    if (fixed) h &= ~fixed;
    int base = popcount64(fixed);
    if (s.count == 0) {
        *score_out = (int64_t)score[h & M13] + score[h >> 13 & M13] + score[h >> 26 & M13]
                     + score[h >> 39] + base;
        *sets_out = fixed;
        return;
    }
    if (s.count == 1) {
        int64_t best;
        uint64_t chosen;
        solve_one_rank(h & M13, h >> 13 & M13, h >> 26 & M13, h >> 39, 1ull << s.ranks[0], T,
                       &best, &chosen);
        *score_out = best + base;
        *sets_out = chosen | fixed;
        return;
    }
    s.h = h;
    s.best = -1;
    s.chosen = 0;
    search_choices(&s, 0, 0);
    *score_out = s.best + base;
    *sets_out = s.chosen | fixed;
}

/* solve(): (score, set cards) of the best arrangement of the natural cards h. */
static void
solve(uint64_t h, const Tables *T, int64_t *score_out, uint64_t *sets_out)
{
    uint64_t a = h & M13, b = h >> 13 & M13, c = h >> 26 & M13, d = h >> 39;
    uint64_t t = (a & b & (c | d)) | (c & d & (a | b));
    if (!t) {
        const int32_t *score = T->score;
        *score_out = (int64_t)score[a] + score[b] + score[c] + score[d];
        *sets_out = 0;
        return;
    }
    if (!(t & (t - 1))) {
        solve_one_rank(a, b, c, d, t, T, score_out, sets_out);
        return;
    }
    solve_ranks(h, a, b, c, d, t, T, score_out, sets_out);
}

/* ---------------------------------------------------------------- the tables, once each */

static void
free_tables(PyObject *capsule)
{
    PyMem_Free(PyCapsule_GetPointer(capsule, "cardkit.melds.kernel"));
}

/* An int item of a sequence attribute, checked to lie in [0, limit). */
static int
read_int(PyObject *item, long long low, long long limit, long long *out)
{
    if (!PyLong_Check(item)) return 0;
    int overflow = 0;
    long long value = PyLong_AsLongLongAndOverflow(item, &overflow);
    if (overflow || (value == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return 0;
    }
    if (value < low || value >= limit) return 0;
    *out = value;
    return 1;
}

/* Copy what the search reads from a MeldTables into C arrays; ok = 0 when some value does
 * not fit them (the Python code answers for those rules). */
static int
fill_tables(PyObject *tables, Tables *T)
{
    PyObject *score = NULL, *capable = NULL, *choices = NULL, *rank_choices = NULL,
             *flag = NULL, *special = NULL, *source = NULL, *serial = NULL;
    int result = -1;
    long long value;
    T->ok = 0;
    score = PyObject_GetAttrString(tables, "score");
    capable = PyObject_GetAttrString(tables, "capable");
    choices = PyObject_GetAttrString(tables, "choices");
    rank_choices = PyObject_GetAttrString(tables, "rank_choices");
    flag = PyObject_GetAttrString(tables, "sets_3_or_4");
    special = PyObject_GetAttrString(tables, "special");
    source = PyObject_GetAttrString(tables, "source");
    if (!score || !capable || !choices || !rank_choices || !flag || !special || !source)
        goto done;
    result = 0;
    if (!PyList_Check(score) || PyList_GET_SIZE(score) != 8192 || !PyList_Check(capable)
        || PyList_GET_SIZE(capable) != 8192 || !PyList_Check(choices)
        || PyList_GET_SIZE(choices) != 256 || !PyList_Check(rank_choices)
        || PyList_GET_SIZE(rank_choices) != 16)
        goto done;
    for (Py_ssize_t i = 0; i < 8192; i++) {
        /* a suit's score below 2**28: four of them and 52 set cards stay inside 32 bits */
        if (!read_int(PyList_GET_ITEM(score, i), 0, 1ll << 28, &value)) goto done;
        T->score[i] = (int32_t)value;
        if (!read_int(PyList_GET_ITEM(capable, i), 0, 8192, &value)) goto done;
        T->capable[i] = (uint16_t)value;
    }
    for (Py_ssize_t i = 0; i < 256; i++) {
        PyObject *entry = PyList_GET_ITEM(choices, i);
        if (!PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) > MAX_CHOICES) goto done;
        T->n_choices[i] = (uint8_t)PyTuple_GET_SIZE(entry);
        for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(entry); j++) {
            if (!read_int(PyTuple_GET_ITEM(entry, j), 0, 1ll << 40, &value)) goto done;
            T->choices[i][j] = (uint64_t)value;
        }
        /* an entry solve_ranks may meet (capable suits among the held ones) has a choice */
        if (T->n_choices[i] == 0 && (i & 0xF & ~(i >> 4)) == 0) goto done;
    }
    for (Py_ssize_t i = 0; i < 16; i++) {
        PyObject *entry = PyList_GET_ITEM(rank_choices, i);
        if (!PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) > MAX_CHOICES) goto done;
        T->n_rank_choices[i] = (uint8_t)PyTuple_GET_SIZE(entry);
        for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(entry); j++) {
            if (!read_int(PyTuple_GET_ITEM(entry, j), 0, 16, &value)) goto done;
            T->rank_choices[i][j] = (uint8_t)value;
        }
    }
    int truth = PyObject_IsTrue(flag);
    if (truth < 0) goto error;
    T->sets_3_or_4 = truth;
    /* special is wild cards | ~STD52: negative, with every bit from 52 up set */
    if (!read_int(special, LLONG_MIN, 0, &value)) goto done;
    T->special = (uint64_t)value;
    {   /* the source must be exactly serial1 << 104 (nothing in the lower bits) */
        PyObject *shift = PyLong_FromLong(104);
        if (!shift) goto error;
        serial = PyNumber_Rshift(source, shift);
        PyObject *back = serial ? PyNumber_Lshift(serial, shift) : NULL;
        Py_DECREF(shift);
        if (!back) goto error;
        if (!read_int(serial, 1, 1ll << 24, &value)) {
            Py_DECREF(back);
            goto done;
        }
        T->serial1 = (uint64_t)value;
        int same = PyObject_RichCompareBool(back, source, Py_EQ);
        Py_DECREF(back);
        if (same < 0) goto error;
        if (!same) goto done;
    }
    T->ok = 1;
    goto done;
error:
    result = -1;
done:
    Py_XDECREF(score);
    Py_XDECREF(capable);
    Py_XDECREF(choices);
    Py_XDECREF(rank_choices);
    Py_XDECREF(flag);
    Py_XDECREF(special);
    Py_XDECREF(source);
    Py_XDECREF(serial);
    return result;
}

static const char CAPSULE_NAME[] = "cardkit.melds.kernel";

/* The C tables of a MeldTables, made on its first search and kept in its slot ``kernel``. */
static const Tables *
tables_of(PyObject *tables)
{
    PyObject *kernel = SLOT(tables, kernel_offset);
    if (kernel != NULL && PyCapsule_CheckExact(kernel))
        return (const Tables *)PyCapsule_GetPointer(kernel, CAPSULE_NAME);
    Tables *T = PyMem_Malloc(sizeof(Tables));
    if (T == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    memset(T, 0, sizeof(Tables));
    if (fill_tables(tables, T) < 0) {
        PyMem_Free(T);
        return NULL;
    }
    PyObject *capsule = PyCapsule_New(T, CAPSULE_NAME, free_tables);
    if (capsule == NULL) {
        PyMem_Free(T);
        return NULL;
    }
    int failed = PyObject_SetAttrString(tables, "kernel", capsule);
    Py_DECREF(capsule); /* the slot holds it now */
    return failed ? NULL : T;
}

/* The hand's mask and its tables when the kernel answers the call: 1; 0 when the Python
 * function must (anything but a CardSet or int of natural cards and a compiled MeldRules, or
 * an unusual call); -1 on an error. ``before`` is the number of arguments before ``rules``
 * (the hand, and deadwood_within's bound). */
static int
fast_inputs(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, Py_ssize_t before,
            uint64_t *h_out, const Tables **tables_out)
{
    PyObject *hand, *rules, *mask;
    if (kwnames == NULL) {
        if (nargs == before) rules = default_rules;
        else if (nargs == before + 1) rules = args[before];
        else return 0;
    } else {
        if (nargs != before || PyTuple_GET_SIZE(kwnames) != 1
            || PyTuple_GET_ITEM(kwnames, 0) != rules_name) /* keywords come interned */
            return 0;
        rules = args[before];
    }
    hand = args[0];
    if (Py_IS_TYPE(hand, cardset_type)) {
        mask = SLOT(hand, mask_offset);
        if (mask == NULL || !PyLong_CheckExact(mask)) return 0;
    } else if (PyLong_CheckExact(hand)) {
        mask = hand;
    } else {
        return 0;
    }
    uint64_t h = PyLong_AsUnsignedLongLong(mask); /* negative or wider: the Python code */
    if (h == (uint64_t)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    if (!Py_IS_TYPE(rules, rules_type)) return 0;
    PyObject *tables = SLOT(rules, tables_offset);
    if (tables == NULL || !Py_IS_TYPE(tables, tables_type)) return 0; /* not compiled yet */
    const Tables *T = tables_of(tables);
    if (T == NULL) return -1;
    if (!T->ok || h & T->special) return 0;
    *h_out = h;
    *tables_out = T;
    return 1;
}

/* The compiled functions are instances of CompiledFunction: called through vectorcall
 * (as cheaply as a builtin), with a __dict__ so that functools.update_wrapper gives them the
 * Python function's name, docstring, module and __wrapped__ (help() and inspect.signature()
 * show the same as for it), and pickled by name as functions are. */
typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyObject *dict;
    const char *name;
} CompiledFunction;

static PyObject *
kernel_deadwood_value(PyObject *callable, PyObject *const *args, size_t nargsf,
                      PyObject *kwnames)
{
    uint64_t h;
    const Tables *T;
    int fast = fast_inputs(args, PyVectorcall_NARGS(nargsf), kwnames, 1, &h, &T);
    if (fast < 0) return NULL;
    if (!fast) return PyObject_Vectorcall(python_value, args, nargsf, kwnames);
    int64_t score;
    uint64_t sets;
    solve(h, T, &score, &sets);
    return PyLong_FromLongLong(score >> 12);
}

/* deadwood_within: the least deadwood if at most the bound (an int), else None. The Python
 * function's pruning only saves it weighing sets; the answer is the same. */
static PyObject *
kernel_deadwood_within(PyObject *callable, PyObject *const *args, size_t nargsf,
                       PyObject *kwnames)
{
    uint64_t h;
    const Tables *T;
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    int fast = nargs >= 2 && PyLong_CheckExact(args[1])
               ? fast_inputs(args, nargs, kwnames, 2, &h, &T) : 0;
    if (fast < 0) return NULL;
    int overflow = 0;
    long long bound_value = fast ? PyLong_AsLongLongAndOverflow(args[1], &overflow) : 0;
    if (!fast || overflow) return PyObject_Vectorcall(python_within, args, nargsf, kwnames);
    int64_t score;
    uint64_t sets;
    solve(h, T, &score, &sets);
    if (score >> 12 > bound_value) Py_RETURN_NONE;
    return PyLong_FromLongLong(score >> 12);
}

/* An Arrangement whose melds and deadwood fill_arrangement builds on first read, as
 * best_arrangement's fast path makes it: deadwood_value and _source set, nothing else. */
static PyObject *
kernel_best_arrangement(PyObject *callable, PyObject *const *args, size_t nargsf,
                        PyObject *kwnames)
{
    uint64_t h;
    const Tables *T;
    int fast = fast_inputs(args, PyVectorcall_NARGS(nargsf), kwnames, 1, &h, &T);
    if (fast < 0) return NULL;
    if (!fast) return PyObject_Vectorcall(python_best, args, nargsf, kwnames);
    int64_t score;
    uint64_t sets;
    solve(h, T, &score, &sets);
    /* _source = (serial + 1) << 104 | sets << 52 | h, 128 bits little-endian */
    uint64_t words[2] = {sets << 52 | h, sets >> 12 | T->serial1 << 40};
    unsigned char bytes[16];
    for (int i = 0; i < 16; i++) bytes[i] = (unsigned char)(words[i / 8] >> (8 * (i % 8)));
#if PY_VERSION_HEX >= 0x030D0000
    PyObject *source = PyLong_FromUnsignedNativeBytes(bytes, 16, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    PyObject *source = _PyLong_FromByteArray(bytes, 16, 1, 0);
#endif
    if (source == NULL) return NULL;
    PyObject *value = PyLong_FromLongLong(score >> 12);
    if (value == NULL) {
        Py_DECREF(source);
        return NULL;
    }
    PyObject *arrangement = arrangement_type->tp_alloc(arrangement_type, 0);
    if (arrangement == NULL) {
        Py_DECREF(source);
        Py_DECREF(value);
        return NULL;
    }
    SLOT(arrangement, value_offset) = value;
    SLOT(arrangement, source_offset) = source;
    return arrangement;
}

static int
compiled_traverse(CompiledFunction *self, visitproc visit, void *arg)
{
    Py_VISIT(self->dict);
    return 0;
}

static int
compiled_clear(CompiledFunction *self)
{
    Py_CLEAR(self->dict);
    return 0;
}

static void
compiled_dealloc(CompiledFunction *self)
{
    PyObject_GC_UnTrack(self);
    compiled_clear(self);
    PyObject_GC_Del(self);
}

static PyObject *
compiled_repr(CompiledFunction *self)
{
    return PyUnicode_FromFormat("<compiled function %s>", self->name);
}

/* Pickled by name, as a function is: the global of that name in its __module__. */
static PyObject *
compiled_reduce(CompiledFunction *self, PyObject *unused)
{
    return PyUnicode_FromString(self->name);
}

static PyMethodDef compiled_methods[] = {
    {"__reduce__", (PyCFunction)compiled_reduce, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef compiled_getset[] = {
    {"__dict__", PyObject_GenericGetDict, PyObject_GenericSetDict, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject CompiledFunctionType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "cardkit.libraries.melds._kernel.CompiledFunction",
    .tp_basicsize = sizeof(CompiledFunction),
    .tp_dealloc = (destructor)compiled_dealloc,
    .tp_vectorcall_offset = offsetof(CompiledFunction, vectorcall),
    .tp_repr = (reprfunc)compiled_repr,
    .tp_call = PyVectorcall_Call,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "A function of the compiled meld-search kernel.",
    .tp_traverse = (traverseproc)compiled_traverse,
    .tp_clear = (inquiry)compiled_clear,
    .tp_methods = compiled_methods,
    .tp_getset = compiled_getset,
    .tp_dictoffset = offsetof(CompiledFunction, dict),
};

static PyObject *
new_compiled(vectorcallfunc call, const char *name)
{
    CompiledFunction *self = PyObject_GC_New(CompiledFunction, &CompiledFunctionType);
    if (self == NULL) return NULL;
    self->vectorcall = call;
    self->dict = NULL;
    self->name = name;
    PyObject_GC_Track(self);
    return (PyObject *)self;
}

/* ---------------------------------------------------------------- binding */

#ifdef Py_T_OBJECT_EX
#define OBJECT_SLOT Py_T_OBJECT_EX
#else
#define OBJECT_SLOT T_OBJECT_EX
#endif

/* The offset of the plain object slot ``name`` declared by ``type`` itself. */
static int
slot_offset(PyObject *type, const char *name, Py_ssize_t *offset)
{
    if (!PyType_Check(type)) {
        PyErr_Format(PyExc_TypeError, "bind() needs classes, not %R", type);
        return -1;
    }
    PyObject *descriptor = PyDict_GetItemString(((PyTypeObject *)type)->tp_dict, name);
    if (descriptor == NULL || !Py_IS_TYPE(descriptor, &PyMemberDescr_Type)) {
        PyErr_Format(PyExc_TypeError, "%R.%s is not a slot", type, name);
        return -1;
    }
    PyMemberDef *member = ((PyMemberDescrObject *)descriptor)->d_member;
    if (member->type != OBJECT_SLOT || member->flags != 0) {
        PyErr_Format(PyExc_TypeError, "%R.%s is not a plain object slot", type, name);
        return -1;
    }
    *offset = member->offset;
    return 0;
}

PyDoc_STRVAR(bind_doc,
"bind(cardset, rules, tables, arrangement, default_rules, best_arrangement, deadwood_value,\n"
"     deadwood_within)\n"
"--\n\n"
"Return the compiled (best_arrangement, deadwood_value, deadwood_within): they call the Python\n"
"functions given for every call they do not answer.");

static PyObject *
kernel_bind(PyObject *module, PyObject *args)
{
    PyObject *cardset, *rules, *tables, *arrangement, *defaults, *best, *value, *within;
    if (!PyArg_ParseTuple(args, "OOOOOOOO:bind", &cardset, &rules, &tables, &arrangement,
                          &defaults, &best, &value, &within))
        return NULL;
    Py_ssize_t offsets[5];
    if (slot_offset(cardset, "mask", &offsets[0]) < 0
        || slot_offset(rules, "_tables", &offsets[1]) < 0
        || slot_offset(tables, "kernel", &offsets[2]) < 0
        || slot_offset(arrangement, "deadwood_value", &offsets[3]) < 0
        || slot_offset(arrangement, "_source", &offsets[4]) < 0)
        return NULL;
    if (!PyCallable_Check(best) || !PyCallable_Check(value) || !PyCallable_Check(within)) {
        PyErr_SetString(PyExc_TypeError, "bind() needs the three Python functions");
        return NULL;
    }
    PyObject *compiled_best = new_compiled(kernel_best_arrangement, "best_arrangement");
    PyObject *compiled_value = compiled_best ? new_compiled(kernel_deadwood_value,
                                                            "deadwood_value") : NULL;
    PyObject *compiled_within = compiled_value ? new_compiled(kernel_deadwood_within,
                                                              "deadwood_within") : NULL;
    if (compiled_within == NULL) {
        Py_XDECREF(compiled_best);
        Py_XDECREF(compiled_value);
        return NULL;
    }
    /* bound again (the Python modules imported afresh): the new classes and functions serve
     * every compiled function, the old ones' hands going to the new Python functions */
    Py_XSETREF(cardset_type, (PyTypeObject *)Py_NewRef(cardset));
    Py_XSETREF(rules_type, (PyTypeObject *)Py_NewRef(rules));
    Py_XSETREF(tables_type, (PyTypeObject *)Py_NewRef(tables));
    Py_XSETREF(arrangement_type, (PyTypeObject *)Py_NewRef(arrangement));
    Py_XSETREF(default_rules, Py_NewRef(defaults));
    Py_XSETREF(python_best, Py_NewRef(best));
    Py_XSETREF(python_value, Py_NewRef(value));
    Py_XSETREF(python_within, Py_NewRef(within));
    mask_offset = offsets[0];
    tables_offset = offsets[1];
    kernel_offset = offsets[2];
    value_offset = offsets[3];
    source_offset = offsets[4];
    return Py_BuildValue("(NNN)", compiled_best, compiled_value, compiled_within);
}

static PyMethodDef kernel_methods[] = {
    {"bind", kernel_bind, METH_VARARGS, bind_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT,
    "cardkit.libraries.melds._kernel",
    "The optional compiled kernel of the one-deck meld search (see "
    "cardkit.libraries.melds.kernel).",
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
    rules_name = PyUnicode_InternFromString("rules");
    if (rules_name == NULL || PyType_Ready(&CompiledFunctionType) < 0) return NULL;
    return PyModule_Create(&kernel_module);
}
