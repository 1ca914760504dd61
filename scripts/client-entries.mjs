// Browser bundles the server embeds and serves; each url is answered from memory by the server.
// Add an entry here when a new client bundle appears.
export const clientEntries = [];
