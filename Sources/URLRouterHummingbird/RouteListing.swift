#if Hummingbird
import Hummingbird

/// Routes listed in the order of Hummingbird's `Router.routes`: paths as a tree whose children keep
/// the order their segments were first added, walked depth first (a path before its children), and
/// the methods of one path in the order of their names.
struct RouteListing<Context: RequestContext> {
    /// One path segment of the tree, with the methods of the path that ends here.
    final class Node {
        let segment: String
        /// The host pattern of the routes below (set on a host's node and its descendants).
        var host: String?
        var children: [Node] = []
        var path: RouterPath?
        var methods: [HTTPRequest.Method] = []

        init(segment: String) { self.segment = segment }

        func child(_ segment: String) -> Node {
            if let child = children.first(where: { $0.segment == segment }) { return child }
            let child = Node(segment: segment)
            children.append(child)
            return child
        }

        func collect(into routes: inout [URLRouterBuilder<Context>.RouteDescription]) {
            if let path {
                for method in methods.sorted(by: { $0.rawValue < $1.rawValue }) {
                    routes.append(.init(path: path, method: method, host: host))
                }
            }
            for child in children { child.collect(into: &routes) }
        }
    }

    let routes: [URLRouterBuilder<Context>.RouteDescription]

    init(_ entries: [(host: String?, path: RouterPath, method: HTTPRequest.Method)]) {
        let root = Node(segment: "")
        // The routes of any host first, then each host pattern's, in the order first added.
        var hosts: [String: Node] = [:]
        var hostOrder: [String] = []
        for (host, path, method) in entries {
            var node = root
            if let host {
                if hosts[host] == nil {
                    let hostNode = Node(segment: host)
                    hostNode.host = host
                    hosts[host] = hostNode
                    hostOrder.append(host)
                }
                node = hosts[host]!
            }
            for component in path.components {
                node = node.child(component.description)
                node.host = host
            }
            node.path = node.path ?? path
            if !node.methods.contains(method) { node.methods.append(method) }
        }
        var routes: [URLRouterBuilder<Context>.RouteDescription] = []
        root.collect(into: &routes)
        for host in hostOrder { hosts[host]!.collect(into: &routes) }
        self.routes = routes
    }
}
#endif
