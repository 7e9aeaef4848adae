// Texts+Dates: dates as people read them on a chart: `12 Oct`, `Oct 2026`, `week of 12 Oct 2026`.

import PeachCore
import PeachTraining

extension Texts {
    /// A month's short name: `Oct`, German `Okt.`.
    public func monthShort(_ month: Int) -> String {
        switch month {
        // TRANSLATORS: the months' short names, as a date writes them (German: Jan., Feb., März, Apr., Mai, …; at most four letters and a dot, so a progress row fits 80 columns)
        case 1: tr("Jan", context: "month")
        case 2: tr("Feb", context: "month")
        case 3: tr("Mar", context: "month")
        case 4: tr("Apr", context: "month")
        case 5: tr("May", context: "month")
        case 6: tr("Jun", context: "month")
        case 7: tr("Jul", context: "month")
        case 8: tr("Aug", context: "month")
        case 9: tr("Sep", context: "month")
        case 10: tr("Oct", context: "month")
        case 11: tr("Nov", context: "month")
        default: tr("Dec", context: "month")
        }
    }

    /// A day and its month: `12 Oct`, German `12. Okt.`.
    public func dayAndMonth(_ day: LocalDay) -> String {
        let (_, month, date) = day.components
        let name = monthShort(month)
        // TRANSLATORS: {1}: day of the month; {2}: a month's short name (German: {1}. {2})
        return tr("\(date) \(name)", context: "day and month")
    }

    /// A month and its year: `Oct 2026`, German `Okt. 2026`.
    public func monthAndYear(_ day: LocalDay) -> String {
        let (year, month, _) = day.components
        let name = monthShort(month)
        let yearText = String(year)
        // TRANSLATORS: {1}: a month's short name; {2}: a year
        return tr("\(name) \(yearText)", context: "month and year")
    }

    /// A chart period's label on its axis or in its row: `12 Oct` (a week, by its Monday), `Oct` (a month),
    /// `2026` (a year). The year of a week or month is said apart (``periodName(_:_:)``).
    public func periodLabel(_ start: LocalDay, _ grain: ProgressChart.Grain) -> String {
        switch grain {
        case .week: dayAndMonth(start)
        case .month: monthShort(start.components.month)
        case .year: String(start.components.year)
        }
    }

    /// A chart period named whole: `week of 12 Oct 2026`, `Oct 2026`, `2026`.
    public func periodName(_ start: LocalDay, _ grain: ProgressChart.Grain) -> String {
        switch grain {
        case .week:
            let day = dayAndMonth(start)
            let year = String(start.components.year)
            return tr("week of \(day) \(year)")
        case .month: return monthAndYear(start)
        case .year: return String(start.components.year)
        }
    }

    /// `per week`, `per month`, `per year`: what one point of a progress chart stands for.
    public func perPeriod(_ grain: ProgressChart.Grain) -> String {
        switch grain {
        case .week: tr("per week")
        case .month: tr("per month")
        case .year: tr("per year")
        }
    }
}
