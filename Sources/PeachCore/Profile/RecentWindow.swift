// RecentWindow: the last few answers, oldest first, in a ring: a new one replaces the oldest where it stands.

/// The last ``capacity`` elements appended, oldest first. Kept in a ring: once the window is full, an element
/// appended takes the oldest one's place and the start moves on, a few instructions; an array's `removeFirst`
/// moved every element down one place, a fifth of filing an answer of offset detection at a first start.
///
/// Two windows are equal, and hash alike, when they hold the same elements in the same order, wherever their
/// ring starts.
public struct RecentWindow<Element: Hashable & Sendable>: Hashable, Sendable, Sequence {
    /// The most elements kept.
    public let capacity: Int
    /// The elements: appended in order until full, then a ring whose oldest element is at ``start``.
    private var storage: [Element] = []
    /// Where the oldest element stands once the window is full (0 until then).
    private var start = 0

    /// An empty window of `capacity` (at least 1) elements.
    public init(capacity: Int) {
        precondition(capacity > 0, "a window holds at least one element")
        self.capacity = capacity
        storage.reserveCapacity(capacity)
    }

    /// A window holding `elements`, oldest first; nil when there are more than `capacity` (a snapshot that
    /// says otherwise is not one this type wrote).
    public init?(capacity: Int, elements: [Element]) {
        guard elements.count <= capacity else { return nil }
        self.init(capacity: capacity)
        storage.append(contentsOf: elements)
    }

    /// How many elements the window holds.
    public var count: Int { storage.count }

    /// Appends `element`; returns the oldest one when the window was full and it had to leave.
    @discardableResult
    public mutating func append(_ element: Element) -> Element? {
        guard storage.count == capacity else {
            storage.append(element)
            return nil
        }
        let oldest = storage[start]
        storage[start] = element
        start = start + 1 == capacity ? 0 : start + 1
        return oldest
    }

    /// The elements, oldest first.
    public var elements: [Element] { Array(self) }

    /// Walks the elements oldest first.
    public struct Iterator: IteratorProtocol {
        fileprivate let storage: [Element]
        fileprivate var index: Int
        fileprivate var remaining: Int

        /// The next element, or nil after the newest.
        public mutating func next() -> Element? {
            guard remaining > 0 else { return nil }
            let element = storage[index]
            index = index + 1 == storage.count ? 0 : index + 1
            remaining -= 1
            return element
        }
    }

    /// An iterator from the oldest element to the newest.
    public func makeIterator() -> Iterator {
        Iterator(storage: storage, index: start, remaining: storage.count)
    }

    /// The number of elements, for `Array(window)`.
    public var underestimatedCount: Int { storage.count }

    /// Whether both hold the same elements in the same order and have the same capacity.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.capacity == rhs.capacity && lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    /// Hashes the capacity and the elements, oldest first.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(capacity)
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}
