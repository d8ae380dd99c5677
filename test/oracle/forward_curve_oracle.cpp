// QuantLib 1.29 C++ side of gen_forward_curves.py: Python's QuantLib binds no InterpolatedForwardCurve<Linear>
// (its ForwardCurve is BackwardFlat), so the linear_forward oracle is this program.
// stdin, one case per line: reference_serial day_counter node_count (date_serial forward)... query_count serial...
// stdout, one line per case: discount and continuous zero rate per query, or "error <message>".
#include <ql/termstructures/yield/forwardcurve.hpp>
#include <ql/math/interpolations/linearinterpolation.hpp>
#include <ql/time/daycounters/actual360.hpp>
#include <ql/time/daycounters/actual365fixed.hpp>
#include <ql/time/daycounters/actualactual.hpp>
#include <ql/time/daycounters/thirty360.hpp>
#include <iostream>
#include <string>
#include <vector>

using namespace QuantLib;

static DayCounter dayCounter(const std::string& code) {
    if (code == "Actual360") return Actual360();
    if (code == "Actual365Fixed") return Actual365Fixed();
    if (code == "Thirty360_BondBasis") return Thirty360(Thirty360::BondBasis);
    if (code == "ActualActual_ISDA") return ActualActual(ActualActual::ISDA);
    if (code == "ActualActual_AFB") return ActualActual(ActualActual::AFB);
    QL_FAIL("unknown day counter " << code);
}

int main() {
    std::cout.precision(17);
    Date::serial_type reference;
    std::string code;
    std::size_t n;
    while (std::cin >> reference >> code >> n) {
        std::vector<Date> dates(n);
        std::vector<Rate> forwards(n);
        for (std::size_t i = 0; i < n; ++i) {
            Date::serial_type serial;
            std::cin >> serial >> forwards[i];
            dates[i] = Date(serial);
        }
        std::size_t k;
        std::cin >> k;
        std::vector<Date::serial_type> queries(k);
        for (auto& q : queries) std::cin >> q;
        try {
            DayCounter dc = dayCounter(code);
            InterpolatedForwardCurve<Linear> curve(dates, forwards, dc);
            curve.enableExtrapolation();
            for (auto q : queries) {
                Date d(q);
                std::cout << curve.discount(d) << ' ' << curve.zeroRate(d, dc, Continuous).rate() << ' ';
            }
            std::cout << '\n';
        } catch (std::exception& e) {
            std::string message = e.what();
            std::cout << "error " << message.substr(0, message.find('\n')) << '\n';
        }
    }
    return 0;
}
