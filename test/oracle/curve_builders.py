"""The curves of workers/quant/curves/curve-from-nodes.ts built with QuantLib 1.29: one function shared by every
oracle that needs a curve from stored nodes (curves, bonds, callable bonds)."""
import QuantLib as ql

DAY_COUNTERS = {
    "Actual360": lambda: ql.Actual360(),
    "Actual365Fixed": lambda: ql.Actual365Fixed(),
    "Thirty360_BondBasis": lambda: ql.Thirty360(ql.Thirty360.BondBasis),
    "Thirty360_USA": lambda: ql.Thirty360(ql.Thirty360.USA),
    "Thirty360_European": lambda: ql.Thirty360(ql.Thirty360.European),
    "ActualActual_ISDA": lambda: ql.ActualActual(ql.ActualActual.ISDA),
    "ActualActual_ISMA": lambda: ql.ActualActual(ql.ActualActual.ISMA),
    "ActualActual_Bond": lambda: ql.ActualActual(ql.ActualActual.Bond),
    "ActualActual_AFB": lambda: ql.ActualActual(ql.ActualActual.AFB),
}
COMPOUNDINGS = {"Simple": ql.Simple, "Compounded": ql.Compounded, "Continuous": ql.Continuous, "SimpleThenCompounded": ql.SimpleThenCompounded}
FREQUENCIES = {"NoFrequency": ql.NoFrequency, "Annual": ql.Annual, "Semiannual": ql.Semiannual, "Quarterly": ql.Quarterly, "Monthly": ql.Monthly}


def node_dates_and_rates(reference, nodes, building):
    scale = 0.01 if building.get("rate_unit") == "percent" else 1.0
    days, zeros = nodes["days_to_maturity"], nodes["zero"]
    dates = [reference + d for d in days]
    rates = [z * scale for z in zeros]
    if days[0] != 0:
        dates.insert(0, reference)
        rates.insert(0, rates[0])
    return dates, rates


def build_curve(reference, nodes, building):
    """reference: ql.Date; nodes: {days_to_maturity, zero}; building: the stored curve building details."""
    dc = DAY_COUNTERS[building["day_counter"]]()
    comp = COMPOUNDINGS[building["compounding"]]
    freq = FREQUENCIES[building["frequency"]]
    dates, rates = node_dates_and_rates(reference, nodes, building)
    method = building["interpolation_method"]
    cal = ql.NullCalendar()
    if method == "linear_zero":
        curve = ql.ZeroCurve(dates, rates, dc, cal, ql.Linear(), comp, freq)
    elif method in ("cubic_zero", "natural_cubic_zero"):
        curve = ql.NaturalCubicZeroCurve(dates, rates, dc, cal, ql.SplineCubic(), comp, freq)
    elif method == "monotone_cubic_zero":
        curve = ql.MonotonicCubicZeroCurve(dates, rates, dc, cal, ql.MonotonicCubic(), comp, freq)
    elif method in ("log_linear_discount", "log_cubic_discount"):
        discounts = [1.0] + [ql.InterestRate(r, dc, comp, freq).discountFactor(dc.yearFraction(dates[0], d)) for r, d in zip(rates[1:], dates[1:])]
        if method == "log_linear_discount":
            curve = ql.DiscountCurve(dates, discounts, dc, cal)
        else:
            curve = ql.NaturalLogCubicDiscountCurve(dates, discounts, dc, cal)
    else:
        raise ValueError(f"no QuantLib-Python curve for {method}")
    if building.get("extrapolation", True):
        curve.enableExtrapolation()
    return curve
