// RouteMethods: which methods each of the dashboard's paths takes, as the router was given them.

import HTTPTypes
import Synchronization

/// The methods each route of the dashboard takes, recorded as the routes are added to the router
/// (``DashboardRoutes``), so ``DashboardMiddleware`` answers another method with 405 and an `Allow` header from
/// what the router has, not from a list kept by hand. A path no route has takes GET and HEAD (its GET is a 404).
final class RouteMethods: Sendable {
    /// A route: its path's components (`{name}` matches any one component) and its methods, in the order added.
    private struct Route {
        let components: [Substring]
        var methods: [HTTPRequest.Method]
    }

    private let routes = Mutex<[Route]>([])

    /// Records that `path` (`/sessions/{id}`) takes `method`.
    func add(_ path: String, _ method: HTTPRequest.Method) {
        let components = Self.components(path)
        routes.withLock { routes in
            if let index = routes.firstIndex(where: { $0.components == components }) {
                if !routes[index].methods.contains(method) { routes[index].methods.append(method) }
            } else {
                routes.append(Route(components: components, methods: [method]))
            }
        }
    }

    /// The methods `path` takes: those of the route it matches, else GET and HEAD.
    func methods(for path: String) -> [HTTPRequest.Method] {
        let components = Self.components(path)
        return routes.withLock { routes in
            routes.first { route in
                route.components.count == components.count
                    && zip(route.components, components).allSatisfy { pattern, component in
                        pattern == component || (pattern.hasPrefix("{") && pattern.hasSuffix("}"))
                    }
            }?.methods
        } ?? [.get, .head]
    }

    private static func components(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }
}
