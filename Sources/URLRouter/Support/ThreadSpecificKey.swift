#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread-specific slot (a pthread key): each thread sets its own pointer once, and
/// `destructor` frees it when the thread exits. Keys are made once per use, in a lazy global,
/// and never deleted; hot paths read the key once into a stored property.
@usableFromInline
struct ThreadSpecificKey: Sendable {
    let key: pthread_key_t

    /// Makes a key whose values `destructor` frees at thread exit.
    init(destructor: @escaping @convention(c) (UnsafeMutableRawPointer?) -> Void) {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, destructor)
        precondition(status == 0, "pthread_key_create failed")  // only when the process is out of keys
        self.key = key
    }

    /// This thread's pointer, or `nil` before it set one.
    @usableFromInline
    var value: UnsafeMutableRawPointer? { pthread_getspecific(key) }

    /// Sets this thread's pointer (owned by the thread from then on, freed by the destructor).
    func set(_ pointer: UnsafeMutableRawPointer) {
        let status = pthread_setspecific(key, pointer)
        precondition(status == 0, "pthread_setspecific failed")  // only when out of memory
    }
}
