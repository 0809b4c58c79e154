import { startEarlyCalls } from './lib/early-calls';
import { showDrawnSignIn } from './app/drawn-sign-in';
import { startEarlyDownloads } from './app/early-downloads';

// The page's first script: index.html runs it on its own as soon as it arrives, and main.tsx imports it, so it
// runs once, whichever comes first. A page opened by its address starts its calls, its code and its language
// now, while React is still on its way (lib/early-calls.ts, app/early-downloads.ts), and a visitor's sign-in
// page shows itself as the build drew it (app/drawn-sign-in.ts).
const { pathname } = window.location;
showDrawnSignIn(pathname);
startEarlyCalls(pathname);
startEarlyDownloads(pathname);
