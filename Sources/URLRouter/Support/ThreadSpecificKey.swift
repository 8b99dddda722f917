// `public`: the inlinable accessor below calls pthread_getspecific in its callers' modules
// (an import, not a re-export: nothing of it is visible through `import URLRouter`).
#if canImport(Glibc)
public import Glibc
#elseif canImport(Musl)
public import Musl
#elseif canImport(Darwin)
public import Darwin
#endif

/// A thread-specific slot (a pthread key): each thread sets its own pointer once, and
/// `destructor` frees it when the thread exits. Keys are made once per use, in a lazy global,
/// and never deleted; hot paths read the key once into a stored property.
@usableFromInline
package struct ThreadSpecificKey: Sendable {
    @usableFromInline let key: pthread_key_t

    /// Makes a key whose values `destructor` frees at thread exit.
    package init(destructor: @escaping @convention(c) (UnsafeMutableRawPointer?) -> Void) {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, destructor)
        precondition(status == 0, "pthread_key_create failed")  // only when the process is out of keys
        self.key = key
    }

    /// This thread's pointer, or `nil` before it set one.
    @inlinable
    package var value: UnsafeMutableRawPointer? { pthread_getspecific(key) }

    /// Sets this thread's pointer (owned by the thread from then on, freed by the destructor).
    package func set(_ pointer: UnsafeMutableRawPointer) {
        let status = pthread_setspecific(key, pointer)
        precondition(status == 0, "pthread_setspecific failed")  // only when out of memory
    }
}
