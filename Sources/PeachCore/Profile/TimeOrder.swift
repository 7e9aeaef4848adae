// TimeOrder: answers in the order they were given, whatever order they were stored in.

import Foundation

/// Puts stored answers in time order. A store holds them in the order they were stored, which is nearly always
/// the order they were given, but not after an import of older answers or sessions simulated side by side: what
/// groups answers into days or sittings reads them through this.
public enum TimeOrder {
    /// `elements` in time order by `time`: as they are when they already are (one pass to see, nothing copied),
    /// else sorted, elements of one moment in the order they came.
    @inlinable
    public static func ordered<Element>(_ elements: [Element], by time: (Element) -> Date) -> [Element] {
        var previous = -Double.infinity
        for element in elements {
            let seconds = time(element).timeIntervalSinceReferenceDate
            guard seconds >= previous else {
                return elements.indices.sorted { (time(elements[$0]), $0) < (time(elements[$1]), $1) }
                    .map { elements[$0] }
            }
            previous = seconds
        }
        return elements
    }
}
