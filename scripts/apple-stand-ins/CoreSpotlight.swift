// Stand-in for CoreSpotlight: the constants of a Spotlight result's user activity, which
// Examples/ShopApp uses, with the iOS 18 SDK's values and availability. Nothing here runs.

/// The activity type of a continued Spotlight result (`NSUserActivity.activityType`).
/// SDK: `CORESPOTLIGHT_EXPORT NSString * const CSSearchableItemActionType` (CoreSpotlight/CSSearchableItem.h);
/// Docs: corespotlight/cssearchableitemactiontype.
@available(iOS 9.0, macOS 10.13, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public let CSSearchableItemActionType: String = "com.apple.corespotlightitem"

/// The `userInfo` key of a continued Spotlight result's item identifier.
/// SDK: `CORESPOTLIGHT_EXPORT NSString * const CSSearchableItemActivityIdentifier` (CSSearchableItem.h);
/// Docs: corespotlight/cssearchableitemactivityidentifier.
@available(iOS 9.0, macOS 10.13, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public let CSSearchableItemActivityIdentifier: String = "kCSSearchableItemActivityIdentifier"
