import { messages, type MessageKey } from './messages';

/*
 * Which spec message a text is. The server names the `code` of every answer's `message` with it; the browser
 * loads it with the Urdu catalogue (it needs every message's English text, which the sign-in page must not
 * carry: vite.config.ts, specMessages).
 */

/** A spec message identified: its stable code (the key of `messages`) and the values filled into it. */
export interface MessageCode {
  code: MessageKey;
  params?: Record<string, string>;
}

interface Pattern {
  code: MessageKey;
  names: string[];
  expression: RegExp;
}

const exact = new Map<string, MessageKey>();
const patterns: Pattern[] = [];
for (const [code, text] of Object.entries(messages) as [MessageKey, string][]) {
  const names = [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  if (names.length === 0) {
    // Several codes share a sentence (a failure worded alike on two screens): the first one names it.
    if (!exact.has(text)) exact.set(text, code);
    continue;
  }
  const source = text
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('(.+?)');
  patterns.push({ code, names, expression: new RegExp(`^${source}$`, 's') });
}

/**
 * Which spec message a text is, and with which values: how the server names the `code` of an answer's
 * `message`, and how the browser finds the translation of a message it made itself (a form's check).
 * Undefined for a text that is not one of the spec's messages.
 */
export function messageCodeOf(text: string): MessageCode | undefined {
  const code = exact.get(text);
  if (code) return { code };
  for (const pattern of patterns) {
    const match = pattern.expression.exec(text);
    if (!match) continue;
    const params: Record<string, string> = {};
    pattern.names.forEach((name, index) => (params[name] = match[index + 1] as string));
    return { code: pattern.code, params };
  }
  return undefined;
}
