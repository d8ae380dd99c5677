// QuantLib 1.29 C++ side of gen_calendars.py: Python's QuantLib 1.29 binds neither Austria, Botswana, Germany's
// Euwax, Indonesia's IDX nor Romania's markets, so every calendar's business days come from this program.
// stdout, one line per calendar: key, QuantLib name, weekend weekdays, then over 1901-01-01..2199-12-31 the
// holidays that are not weekend days and the weekend days that are business days (delta-encoded serials), and
// the runs of days on which QuantLib throws (markets it knows for some years only) as first-last serials.
#include <ql/time/calendars/all.hpp>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

using namespace QuantLib;

int main() {
    std::vector<std::pair<std::string, Calendar>> cals = {
        {"Argentina::Merval", Argentina(Argentina::Merval)},
        {"Australia", Australia()},
        {"Austria::Settlement", Austria(Austria::Settlement)},
        {"Austria::Exchange", Austria(Austria::Exchange)},
        {"Botswana", Botswana()},
        {"Brazil::Settlement", Brazil(Brazil::Settlement)},
        {"Brazil::Exchange", Brazil(Brazil::Exchange)},
        {"Canada::Settlement", Canada(Canada::Settlement)},
        {"Canada::TSX", Canada(Canada::TSX)},
        {"Chile::SSE", Chile(Chile::SSE)},
        {"China::SSE", China(China::SSE)},
        {"China::IB", China(China::IB)},
        {"CzechRepublic::PSE", CzechRepublic(CzechRepublic::PSE)},
        {"Denmark", Denmark()},
        {"Finland", Finland()},
        {"France::Settlement", France(France::Settlement)},
        {"France::Exchange", France(France::Exchange)},
        {"Germany::Settlement", Germany(Germany::Settlement)},
        {"Germany::FrankfurtStockExchange", Germany(Germany::FrankfurtStockExchange)},
        {"Germany::Xetra", Germany(Germany::Xetra)},
        {"Germany::Eurex", Germany(Germany::Eurex)},
        {"Germany::Euwax", Germany(Germany::Euwax)},
        {"HongKong::HKEx", HongKong(HongKong::HKEx)},
        {"Hungary", Hungary()},
        {"Iceland::ICEX", Iceland(Iceland::ICEX)},
        {"India::NSE", India(India::NSE)},
        {"Indonesia::BEJ", Indonesia(Indonesia::BEJ)},
        {"Indonesia::JSX", Indonesia(Indonesia::JSX)},
        {"Indonesia::IDX", Indonesia(Indonesia::IDX)},
        {"Israel::Settlement", Israel(Israel::Settlement)},
        {"Israel::TASE", Israel(Israel::TASE)},
        {"Italy::Settlement", Italy(Italy::Settlement)},
        {"Italy::Exchange", Italy(Italy::Exchange)},
        {"Japan", Japan()},
        {"Mexico::BMV", Mexico(Mexico::BMV)},
        {"NewZealand", NewZealand()},
        {"Norway", Norway()},
        {"Poland", Poland()},
        {"Romania::Public", Romania(Romania::Public)},
        {"Romania::BVB", Romania(Romania::BVB)},
        {"Russia::Settlement", Russia(Russia::Settlement)},
        {"Russia::MOEX", Russia(Russia::MOEX)},
        {"SaudiArabia::Tadawul", SaudiArabia(SaudiArabia::Tadawul)},
        {"Singapore::SGX", Singapore(Singapore::SGX)},
        {"Slovakia::BSSE", Slovakia(Slovakia::BSSE)},
        {"SouthAfrica", SouthAfrica()},
        {"SouthKorea::Settlement", SouthKorea(SouthKorea::Settlement)},
        {"SouthKorea::KRX", SouthKorea(SouthKorea::KRX)},
        {"Sweden", Sweden()},
        {"Switzerland", Switzerland()},
        {"Taiwan::TSEC", Taiwan(Taiwan::TSEC)},
        {"TARGET", TARGET()},
        {"Thailand", Thailand()},
        {"Turkey", Turkey()},
        {"Ukraine::USE", Ukraine(Ukraine::USE)},
        {"UnitedKingdom::Settlement", UnitedKingdom(UnitedKingdom::Settlement)},
        {"UnitedKingdom::Exchange", UnitedKingdom(UnitedKingdom::Exchange)},
        {"UnitedKingdom::Metals", UnitedKingdom(UnitedKingdom::Metals)},
        {"UnitedStates::Settlement", UnitedStates(UnitedStates::Settlement)},
        {"UnitedStates::NYSE", UnitedStates(UnitedStates::NYSE)},
        {"UnitedStates::GovernmentBond", UnitedStates(UnitedStates::GovernmentBond)},
        {"UnitedStates::NERC", UnitedStates(UnitedStates::NERC)},
        {"UnitedStates::LiborImpact", UnitedStates(UnitedStates::LiborImpact)},
        {"UnitedStates::FederalReserve", UnitedStates(UnitedStates::FederalReserve)},
        {"WeekendsOnly", WeekendsOnly()},
        {"NullCalendar", NullCalendar()},
    };
    const Date first(1, January, 1901), last(31, December, 2199);
    for (auto& [key, cal] : cals) {
        std::cout << key << '\t' << cal.name() << '\t';
        for (int w = 1; w <= 7; ++w)
            if (cal.isWeekend(Weekday(w))) std::cout << w;
        // 0: business day, 1: holiday, 2: QuantLib throws (a market known for some years only)
        std::vector<int> state;
        for (Date d = first; d <= last; ++d) {
            try {
                state.push_back(cal.isBusinessDay(d) ? 0 : 1);
            } catch (std::exception&) {
                state.push_back(2);
            }
        }
        for (int pass = 0; pass < 2; ++pass) {
            std::cout << '\t';
            Date::serial_type prev = 0;
            bool any = false;
            for (std::size_t i = 0; i < state.size(); ++i) {
                Date d = first + Integer(i);
                bool weekend = cal.isWeekend(d.weekday());
                bool hit = pass == 0 ? (!weekend && state[i] == 1) : (weekend && state[i] == 0);
                if (!hit) continue;
                std::cout << (any ? "," : "") << d.serialNumber() - prev;
                prev = d.serialNumber();
                any = true;
            }
        }
        // runs of days on which QuantLib throws, as first-last serial pairs
        std::cout << '\t';
        bool any = false;
        for (std::size_t i = 0; i < state.size(); ++i) {
            if (state[i] != 2 || (i > 0 && state[i - 1] == 2)) continue;
            std::size_t j = i;
            while (j + 1 < state.size() && state[j + 1] == 2) ++j;
            std::cout << (any ? "," : "") << (first + Integer(i)).serialNumber() << '-' << (first + Integer(j)).serialNumber();
            any = true;
        }
        std::cout << '\n';
    }
}
