// The app's address for links out of a figure in someone else's page: the embed module is published
// beside the app (https://host/app/embed/gradsync-embed.js → https://host/app/), while under the dev
// server the element comes from the sources and the app is the server's root.

export const APP_BASE = new URL(import.meta.env.DEV ? '/' : '../', import.meta.url).href;
