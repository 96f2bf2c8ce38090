// Stand-in for Security's keychain items: only what Sources/SwitchyardAppAttest uses, with the Swift
// signatures of Apple's SDK. CoreFoundation's bridged types stand in as their Foundation classes.
import Foundation

public typealias CFDictionary = NSDictionary
public typealias CFString = NSString
public typealias CFTypeRef = AnyObject
public typealias OSStatus = Int32

/// SDK: `errSecSuccess` (Security/SecBase.h).
public var errSecSuccess: OSStatus { 0 }
/// SDK: `errSecItemNotFound` (Security/SecBase.h).
public var errSecItemNotFound: OSStatus { -25300 }

/// SDK: `extern const CFStringRef kSecClass` and the item attribute keys (Security/SecItem.h).
public var kSecClass: CFString { "class" }
public var kSecClassGenericPassword: CFString { "genp" }
public var kSecAttrService: CFString { "svce" }
public var kSecAttrAccount: CFString { "acct" }
public var kSecAttrAccessible: CFString { "pdmn" }
public var kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString { "cku" }
public var kSecValueData: CFString { "v_Data" }
public var kSecReturnData: CFString { "r_Data" }
public var kSecMatchLimit: CFString { "m_Limit" }
public var kSecMatchLimitOne: CFString { "m_LimitOne" }

/// SDK: `OSStatus SecItemCopyMatching(CFDictionaryRef query, CFTypeRef *result)`. Docs: security/1398306-secitemcopymatching
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus { fatalError() }
/// SDK: `OSStatus SecItemAdd(CFDictionaryRef attributes, CFTypeRef *result)`. Docs: security/1401659-secitemadd
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus { fatalError() }
/// SDK: `OSStatus SecItemDelete(CFDictionaryRef query)`. Docs: security/1395547-secitemdelete
public func SecItemDelete(_ query: CFDictionary) -> OSStatus { fatalError() }
