// SettingOption: how an option that overrides a setting is named and helped: from the setting's key.

import ArgumentParser
import PeachCore
import PeachText

extension NameSpecification {
    /// The long name of the option that overrides `key` for one run (``SettingKey/optionName``), so an option and
    /// the setting it sets cannot drift apart.
    static func setting(_ key: SettingKey) -> NameSpecification {
        .customLong(key.optionName ?? key.rawValue)
    }
}

extension CLI {
    /// The help of the option that overrides `key`: the setting's help text with its value now.
    static func help(_ key: SettingKey, valueName: String? = nil) -> ArgumentHelp {
        ArgumentHelp(key.help.map { texts.help($0, current: setting(key)) } ?? "", valueName: valueName)
    }
}
