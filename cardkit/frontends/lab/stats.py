"""Small statistics, in plain Python (no SciPy): intervals, percentiles and two-sample tests.

- proportions: Wilson score interval and the exact (Clopper–Pearson) interval; two-proportion
  z-test with a pooled variance;
- counts a hand (events): the exact Poisson (Garwood) interval for a rate, from the chi-square
  (gamma) quantiles, which never goes below 0 and is not ``[0, 0]`` for an event never seen;
- means: Student t interval; Welch's unequal-variance t-test (Welch–Satterthwaite degrees of
  freedom), p-values from the t distribution through the regularised incomplete beta function;
- paired samples (unit *i* of two variants played the same deal): the paired t-test on the
  per-unit differences, and McNemar's test for paired yes/no outcomes (exact binomial when few
  units disagree);
- percentiles: nearest rank (the smallest value with at least p of the sample at or below it);
- many tests at once: Holm's step-down adjustment of p-values (:func:`holm_adjust`) and
  Benjamini–Hochberg's (:func:`benjamini_hochberg_adjust`).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence

__all__ = [
    "MCNEMAR_EXACT_BELOW",
    "Z95",
    "benjamini_hochberg_adjust",
    "beta_quantile",
    "clopper_pearson_interval",
    "gamma_quantile",
    "holm_adjust",
    "mcnemar_test",
    "mean_interval",
    "normal_two_sided_p",
    "paired_t_test",
    "percentile",
    "poisson_rate_interval",
    "t_quantile",
    "t_two_sided_p",
    "two_proportion_test",
    "welch_test",
    "wilson_interval",
]

Z95 = 1.959963984540054

#: McNemar's test uses the exact binomial p-value when fewer units than this disagree (the
#: chi-square approximation is poor for small discordant counts).
MCNEMAR_EXACT_BELOW = 25


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (``(0, 1)`` for no trials)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def _betacf(a: float, b: float, x: float) -> float:
    # continued fraction for the incomplete beta function (Lentz's method)
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 3e-14:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1 - x) / b


def _bisect(function: Callable[[float], float], target: float, low: float, high: float,
            steps: int = 200) -> float:
    """The x in [low, high] where the increasing ``function`` reaches ``target``."""
    for _ in range(steps):
        mid = (low + high) / 2
        if function(mid) < target:
            low = mid
        else:
            high = mid
        if high - low <= 1e-15 * max(1.0, abs(high)):
            break
    return (low + high) / 2


def beta_quantile(q: float, a: float, b: float) -> float:
    """The ``q`` quantile of the Beta(a, b) distribution (bisection on the regularised
    incomplete beta function)."""
    if q <= 0:
        return 0.0
    if q >= 1:
        return 1.0
    return _bisect(lambda x: _betainc(a, b, x), q, 0.0, 1.0)


def clopper_pearson_interval(successes: int, trials: int, confidence: float = 0.95
                             ) -> tuple[float, float]:
    """The exact (Clopper–Pearson) interval for a proportion: the shares whose binomial tails
    reach (1 - confidence) / 2 at the observed count (``(0, 1)`` for no trials)."""
    if trials == 0:
        return 0.0, 1.0
    alpha = 1 - confidence
    low = 0.0 if successes == 0 else beta_quantile(alpha / 2, successes,
                                                    trials - successes + 1)
    high = 1.0 if successes == trials else beta_quantile(1 - alpha / 2, successes + 1,
                                                         trials - successes)
    return low, high


def _gammainc(a: float, x: float) -> float:
    """The regularised lower incomplete gamma function P(a, x) (series below a + 1, Lentz's
    continued fraction above)."""
    if x <= 0:
        return 0.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        denominator = a
        for _ in range(10_000):
            denominator += 1
            term *= x / denominator
            total += term
            if abs(term) < abs(total) * 1e-16:
                break
        return min(1.0, total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = d if abs(d) > tiny else tiny
        c = b + an / c
        c = c if abs(c) > tiny else tiny
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-16:
            break
    return max(0.0, 1.0 - math.exp(log_front) * h)


def gamma_quantile(q: float, shape: float) -> float:
    """The ``q`` quantile of the Gamma(shape, 1) distribution (bisection on P(shape, x))."""
    if q <= 0:
        return 0.0
    high = max(1.0, shape)
    while _gammainc(shape, high) < q:
        high *= 2
    return _bisect(lambda x: _gammainc(shape, x), q, 0.0, high)


def poisson_rate_interval(count: int, units: int, confidence: float = 0.95
                          ) -> tuple[float, float]:
    """The exact (Garwood) interval for a rate per unit from ``count`` events in ``units``
    units: ``[G(a/2; k) / n, G(1 - a/2; k + 1) / n]`` with G the gamma quantile (half the
    chi-square one at 2k and 2k + 2 degrees of freedom). No events still gives an upper bound
    (about 3.69 / n), and the lower bound is never negative. ``(0, 0)`` for no units."""
    if units == 0:
        return 0.0, 0.0
    alpha = 1 - confidence
    low = 0.0 if count == 0 else gamma_quantile(alpha / 2, count) / units
    high = gamma_quantile(1 - alpha / 2, count + 1) / units
    return low, high


def holm_adjust(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment: the p-values sorted, the i-th smallest (from 0) multiplied
    by (m - i), each at least the one before it, capped at 1; returned in the given order. A
    test is significant at level a after the adjustment when its adjusted p is below a, which
    keeps the chance of even one false "significant" among all m tests below a."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, index in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[index]))
        adjusted[index] = running
    return adjusted


def benjamini_hochberg_adjust(p_values: Sequence[float]) -> list[float]:
    """Benjamini–Hochberg's step-up adjustment: the i-th smallest p-value (from 1) multiplied
    by m / i, each at most the one after it, capped at 1; returned in the given order. Calling
    significant the tests whose adjusted p is below a keeps the expected share of false ones
    among them below a."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    running = 1.0
    for rank in range(m - 1, -1, -1):
        index = order[rank]
        running = min(running, p_values[index] * m / (rank + 1))
        adjusted[index] = min(1.0, running)
    return adjusted


def normal_two_sided_p(z: float) -> float:
    """P(|Z| >= |z|) for a standard normal Z."""
    return math.erfc(abs(z) / math.sqrt(2))


def t_two_sided_p(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with ``df`` degrees of freedom."""
    if math.isinf(df) or df > 1e7:
        return normal_two_sided_p(t)
    return _betainc(df / 2, 0.5, df / (df + t * t))


@functools.lru_cache(maxsize=256)
def t_quantile(df: float, confidence: float = 0.95) -> float:
    """The two-sided critical value of Student's t (by bisection on the p-value; remembered,
    since every metric of a run of one size asks for the same one)."""
    alpha = 1 - confidence
    low, high = 0.0, 1000.0
    for _ in range(100):
        mid = (low + high) / 2
        if t_two_sided_p(mid, df) > alpha:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def mean_interval(mean: float, variance: float, n: int) -> tuple[float, float]:
    """The 95% Student t interval for a mean (the point itself for n < 2)."""
    if n < 2:
        return mean, mean
    half = t_quantile(n - 1) * math.sqrt(variance / n)
    return mean - half, mean + half


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile of ``values`` (0 for an empty sample)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return float(ordered[rank - 1])


def two_proportion_test(k1: int, n1: int, k2: int, n2: int) -> tuple[float, float]:
    """Two-proportion z-test with a pooled variance: (z, two-sided p) for p2 - p1."""
    if n1 == 0 or n2 == 0:
        return 0.0, 1.0
    pooled = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return 0.0, 1.0
    z = (k2 / n2 - k1 / n1) / se
    return z, normal_two_sided_p(z)


def welch_test(m1: float, v1: float, n1: int, m2: float, v2: float, n2: int
               ) -> tuple[float, float, float]:
    """Welch's t-test: (t, degrees of freedom, two-sided p) for m2 - m1."""
    if n1 < 2 or n2 < 2:
        return 0.0, 0.0, 1.0
    a, b = v1 / n1, v2 / n2
    if a + b == 0:
        return 0.0, float(n1 + n2 - 2), 1.0 if m1 == m2 else 0.0
    t = (m2 - m1) / math.sqrt(a + b)
    df = (a + b) ** 2 / ((a * a / (n1 - 1) if a else 0.0) + (b * b / (n2 - 1) if b else 0.0))
    return t, df, t_two_sided_p(t, df)


def paired_t_test(differences: Sequence[float]) -> tuple[float, float, float]:
    """The paired t-test on per-unit differences (variant - baseline): (t, degrees of freedom,
    two-sided p) for a mean difference of zero. ``t = mean / (sd / sqrt(n))`` with ``n - 1``
    degrees of freedom. Differences all equal: t is reported as 0 and p as 1 if they are all
    zero, else 0 (a certain difference)."""
    n = len(differences)
    if n < 2:
        return 0.0, 0.0, 1.0
    average = math.fsum(differences) / n
    variance = math.fsum((d - average) ** 2 for d in differences) / (n - 1)
    if variance == 0:
        return 0.0, float(n - 1), 1.0 if average == 0 else 0.0
    t = average / math.sqrt(variance / n)
    return t, float(n - 1), t_two_sided_p(t, n - 1)


def mcnemar_test(only_baseline: int, only_variant: int,
                 exact_below: int = MCNEMAR_EXACT_BELOW) -> tuple[float, float, bool]:
    """McNemar's test for paired yes/no outcomes. ``only_baseline`` (b) counts the units where
    the outcome happened under the baseline only, ``only_variant`` (c) under the variant only;
    units that agree carry no information about the difference.

    Returns (z, two-sided p, exact): ``z = (c - b) / sqrt(b + c)`` (its square is McNemar's
    chi-square, 1 degree of freedom, no continuity correction); ``p`` is the exact binomial
    p-value (b ~ Binomial(b + c, 1/2), doubled smaller tail, capped at 1) when
    ``b + c < exact_below``, else the chi-square one. No disagreements: (0, 1, True)."""
    b, c = only_baseline, only_variant
    n = b + c
    if n == 0:
        return 0.0, 1.0, True
    z = (c - b) / math.sqrt(n)
    if n < exact_below:
        tail = math.fsum(math.comb(n, k) for k in range(min(b, c) + 1)) / 2.0 ** n
        return z, min(1.0, 2 * tail), True
    return z, normal_two_sided_p(z), False
