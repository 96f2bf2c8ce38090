// SwitchyardTesting: assertions app developers use in their own tests.
// This file only gives the target a source file until the first helpers land; delete it then.
