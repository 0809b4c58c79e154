/**
 * The line (from 1) on which the value at `path` starts in a JSON text, so that a refusal can name it
 * ("line 212, timeSlots.3.location"). `undefined` when the text is not JSON or holds no such value.
 * The file's own text is read, not a re-serialisation, so the line is the one the person sees.
 */
export function lineOfJsonPath(text: string, path: readonly (string | number)[]): number | undefined {
  const reader = new Reader(text);
  try {
    return reader.find(path);
  } catch {
    return undefined;
  }
}

class Reader {
  #at = 0;
  #line = 1;

  constructor(private readonly text: string) {}

  /** Walks down `path`, skipping every sibling on the way; the line of the value it ends on. */
  find(path: readonly (string | number)[]): number | undefined {
    for (const step of path) {
      this.#blank();
      const open = this.text[this.#at];
      if (open === '{' && typeof step === 'string') {
        if (!this.#enterMember(step)) return undefined;
      } else if (open === '[' && typeof step === 'number') {
        if (!this.#enterItem(step)) return undefined;
      } else return undefined;
    }
    this.#blank();
    return this.#at < this.text.length ? this.#line : undefined;
  }

  #enterMember(key: string): boolean {
    this.#at += 1;
    for (;;) {
      this.#blank();
      if (this.text[this.#at] === '}') return false;
      const name = JSON.parse(this.#string()) as string;
      this.#blank();
      this.#expect(':');
      if (name === key) return true;
      this.#value();
      this.#blank();
      if (this.text[this.#at] === ',') this.#at += 1;
    }
  }

  #enterItem(index: number): boolean {
    this.#at += 1;
    for (let i = 0; ; i++) {
      this.#blank();
      if (this.text[this.#at] === ']') return false;
      if (i === index) return true;
      this.#value();
      this.#blank();
      if (this.text[this.#at] === ',') this.#at += 1;
    }
  }

  /** Skips one value of any kind. */
  #value(): void {
    this.#blank();
    const first = this.text[this.#at];
    if (first === '"') {
      this.#string();
      return;
    }
    if (first !== '{' && first !== '[') {
      const end = this.text.slice(this.#at).search(/[\s,\]}]/);
      if (end <= 0) throw new Error('not JSON');
      this.#at += end;
      return;
    }
    const close = first === '{' ? '}' : ']';
    this.#at += 1;
    for (;;) {
      this.#blank();
      if (this.text[this.#at] === close) {
        this.#at += 1;
        return;
      }
      if (first === '{') {
        this.#string();
        this.#blank();
        this.#expect(':');
      }
      this.#value();
      this.#blank();
      if (this.text[this.#at] === ',') this.#at += 1;
      else if (this.text[this.#at] !== close) throw new Error('not JSON');
    }
  }

  /** Reads a string token and answers its source text. */
  #string(): string {
    const start = this.#at;
    this.#expect('"');
    while (this.#at < this.text.length && this.text[this.#at] !== '"')
      this.#at += this.text[this.#at] === '\\' ? 2 : 1;
    this.#expect('"');
    return this.text.slice(start, this.#at);
  }

  #blank(): void {
    while (this.#at < this.text.length && /\s/.test(this.text[this.#at]!)) {
      if (this.text[this.#at] === '\n') this.#line += 1;
      this.#at += 1;
    }
  }

  #expect(char: string): void {
    if (this.text[this.#at] !== char) throw new Error('not JSON');
    this.#at += 1;
  }
}
