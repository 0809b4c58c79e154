import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { messages } from '../../../packages/shared/src/message-texts.ts';

/**
 * The spec's messages (`packages/shared/src/message-texts.ts`) as the browser's build gets them (issue 27:
 * the sign-in page carries the app's code above the framework, and every message was in it).
 *
 * - Each message is a module of its own and `messages` their namespace. Code names a message as
 *   `messages.someKey`, which the bundler resolves to that one module, so unused messages are left out.
 * - Modules are never cut between chunks, so where each message goes is decided here, once the build has
 *   read every module: the messages the student pages' first download names go with the framework; the
 *   others the student pages name, in one `messages` chunk that the pages needing them load; those only
 *   the staff console names, in one `console-messages` chunk. One chunk each rather than one per message:
 *   no waterfall of tiny files.
 * - A lookup by a computed key (`messages[code]`) keeps every message: the one that does,
 *   `message-codes.ts`, loads with the Urdu catalogue.
 *
 * Development and the tests read `message-texts.ts` as written.
 */
const textsFile = fileURLToPath(new URL('../../../packages/shared/src/message-texts.ts', import.meta.url));
const prefix = '\0spec-message:';
const namespaceId = `${prefix}*`;
const studentEntry = fileURLToPath(new URL('../index.html', import.meta.url));
/** What the language imports lazily for itself (the Urdu catalogue and font). */
const urduModules = fileURLToPath(new URL('../src/lib/urdu-modules.ts', import.meta.url));

/** Where a message's module goes: a chunk group of vite.config.ts. */
export type MessagePlace = 'framework' | 'console-messages' | 'messages';
const places = new Map<string, MessagePlace>();
/** The student pages' modules beyond their first download (found with the messages' places, below). */
const laterStudentModules = new Set<string>();

/**
 * True for a module the student pages load after their first download, and that neither the first download nor
 * what the language loads later for itself (the Urdu catalogue) uses: the
 * chunk groups of vite.config.ts that gather many small files into one take only these, so that the sign-in
 * page never waits for them and the console's own code never rides along.
 */
export function laterStudentModule(id: string): boolean {
  return laterStudentModules.has(id);
}

/** The chunk group a module id belongs to, when it is one of the messages. */
export function messagePlace(id: string): MessagePlace | undefined {
  return id.startsWith(prefix) && id !== namespaceId ? (places.get(id) ?? 'messages') : undefined;
}

/** The messages a module's code names as `messages.someKey`. */
function namedMessages(code: string): string[] {
  return [...code.matchAll(/\bmessages\s*\.\s*(\w+)/g)]
    .map((match) => match[1] as string)
    .filter((key) => Object.hasOwn(messages, key));
}

export const specMessages: Plugin = {
  name: 'spec-messages',
  apply: 'build',
  enforce: 'pre',
  resolveId(source) {
    return source.startsWith(prefix) ? source : undefined;
  },
  load(id) {
    if (id === textsFile) return `export * as messages from '${namespaceId}';`;
    if (!id.startsWith(prefix)) return undefined;
    const code =
      id === namespaceId
        ? Object.keys(messages)
            .map((key) => `export { default as ${key} } from '${prefix}${key}';`)
            .join('\n')
        : `export default ${JSON.stringify(messages[id.slice(prefix.length) as keyof typeof messages])};`;
    return { code, moduleSideEffects: false };
  },
  buildEnd() {
    places.clear();
    laterStudentModules.clear();
    const users = new Map<string, Set<string>>(); // message → the modules naming it
    for (const id of this.getModuleIds()) {
      for (const key of namedMessages(this.getModuleInfo(id)?.code ?? '')) {
        const named = users.get(key) ?? new Set<string>();
        users.set(key, named.add(id));
      }
    }
    // The modules of the student pages' first download (imported statically, transitively), and of any
    // student page (dynamically too).
    const reach = (dynamic: boolean, starts = [studentEntry]) => {
      const found = new Set<string>();
      const pending = [...starts];
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (found.has(id) || id.startsWith(prefix)) continue;
        found.add(id);
        const info = this.getModuleInfo(id);
        pending.push(...(info?.importedIds ?? []), ...((dynamic && info?.dynamicallyImportedIds) || []));
      }
      return found;
    };
    const firstDownload = reach(false);
    const studentPages = reach(true);
    // What the language loads for itself on any page, sign-in included (the Urdu catalogue, its font, the
    // message codes): a group must not take these, or a visitor on the sign-in page would load the group.
    const ownLazy = reach(false, this.getModuleInfo(urduModules)?.dynamicallyImportedIds ?? []);
    for (const id of studentPages) {
      if (!firstDownload.has(id) && !ownLazy.has(id)) laterStudentModules.add(id);
    }
    for (const [key, named] of users) {
      const modules = [...named];
      const place: MessagePlace = modules.some((id) => firstDownload.has(id))
        ? 'framework'
        : modules.some((id) => studentPages.has(id))
          ? 'messages'
          : 'console-messages';
      places.set(`${prefix}${key}`, place);
    }
  },
};
