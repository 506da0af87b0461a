// The help center's public entry: the customers' page and the agents' console, loaded lazily.
export const loadHelpCenterRoute = async () => ({
  Component: (await import('./components/help-center-page')).HelpCenterPage,
});
export const loadAgentConsoleRoute = async () => ({
  Component: (await import('./components/agent-console-page')).AgentConsolePage,
});
