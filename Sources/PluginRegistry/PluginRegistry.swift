// PluginRegistry
