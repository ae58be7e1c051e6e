import Observation
import OpenCombine

/// A view that changes one value of the environment its content sees.
struct EnvironmentWritingModifier<Content: View>: View {
    let content: Content
    let transform: (inout EnvironmentValues) -> Void

    var body: Never { bodyNeverCalled() }
}

extension EnvironmentWritingModifier: PrimitiveView {
    func makeChildren(into children: inout ChildList) {
        children.append(content)
    }

    func childEnvironment(_ environment: EnvironmentValues) -> EnvironmentValues {
        var environment = environment
        transform(&environment)
        return environment
    }
}

extension View {
    /// Sets the environment value of the specified key path to the given value.
    public func environment<V>(
        _ keyPath: WritableKeyPath<EnvironmentValues, V>,
        _ value: V
    ) -> some View {
        EnvironmentWritingModifier(content: self) { $0[keyPath: keyPath] = value }
    }

    /// Places an observable object in the view's environment.
    ///
    /// Descendants read it with `@Environment(T.self)`.
    public func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
        EnvironmentWritingModifier(content: self) { $0.setObservableObject(object, as: T.self) }
    }

    /// Supplies an observable object to a view's hierarchy.
    ///
    /// Descendants read it with `@EnvironmentObject`.
    public func environmentObject<T: ObservableObject>(_ object: T) -> some View {
        EnvironmentWritingModifier(content: self) { $0.setEnvironmentObject(object) }
    }
}
