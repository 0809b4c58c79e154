import { startEarlyCalls } from './lib/early-calls';
import { startEarlyDownloads } from './app/early-downloads';

// The page's first script: index.html runs it on its own as soon as it arrives, and main.tsx imports it, so it
// runs once, whichever comes first. A page opened by its address starts its calls, its code and its language
// now, while React is still on its way (lib/early-calls.ts, app/early-downloads.ts).
const { pathname } = window.location;
startEarlyCalls(pathname);
startEarlyDownloads(pathname);
