@testable import Switchyard
import Testing

/// ``Locked`` gives one task at a time its value, and lets the value go with the lock.
@Suite struct LockedTests {
    @Test func concurrentChangesAreNeverLost() async {
        let counter = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
                }
            }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test func aCriticalSectionSeesNoOtherWriter() async {
        // Each section writes its own mark, yields nothing, and reads it back unchanged.
        let slot = Locked((owner: -1, laps: 0))
        let torn = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for _ in 0..<5_000 {
                        slot.withLock { value in
                            value.owner = task
                            for _ in 0..<10 { value.laps &+= 1 }
                            if value.owner != task { torn.withLock { $0 += 1 } }
                        }
                    }
                }
            }
        }
        #expect(torn.withLock { $0 } == 0)
        #expect(slot.withLock { $0.laps } == 4 * 5_000 * 10)
    }

    final class Tracked: Sendable {
        let released: Locked<Bool>
        init(released: Locked<Bool>) { self.released = released }
        deinit { released.withLock { $0 = true } }
    }

    @Test func theValueIsReleasedWithTheLock() {
        let released = Locked(false)
        do {
            let locked = Locked(Tracked(released: released))
            #expect(locked.withLock { $0.released === released })
        }
        #expect(released.withLock { $0 })
    }

    @Test func anErrorThrownInsideLeavesTheLockFree() {
        struct Refused: Error {}
        let value = Locked(1)
        #expect(throws: Refused.self) { try value.withLock { (_: inout Int) throws(Refused) in throw Refused() } }
        #expect(value.withLock { $0 } == 1, "a second section gets the lock")
    }
}
