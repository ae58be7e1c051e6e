/// `incoming` as `Target`: a comparison of types where it is of that very type (a node's new value always is, since
/// another type makes another node), which costs a fraction of the dynamic cast it falls back to.
func cast<Incoming: View, Target>(_ incoming: Incoming, to target: Target.Type) -> Target {
    if Incoming.self == Target.self { return unsafeBitCast(incoming, to: Target.self) }
    return incoming as! Target
}
