/*
 * The part of XMLHttpRequest that lib/upload uses, for the student app's and the console's test renderers:
 * each answers through its own handlers.
 */

/** A handler's way of saying the request got no answer (the network is down). */
export const offlineReply = Symbol('offline');

interface FakeReply {
  status: number;
  json: unknown;
}

/** The part of XMLHttpRequest that lib/upload uses. Half the body is "sent" at once, the rest at the answer. */
export function fakeXhr(
  answer: (
    path: string,
    method: string,
    body: unknown,
    headers: Headers,
  ) => Promise<FakeReply | typeof offlineReply>,
) {
  return class FakeXmlHttpRequest {
    readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    #method = 'GET';
    #path = '';
    #headers = new Headers();
    #aborted = false;

    open(method: string, path: string) {
      this.#method = method;
      this.#path = path;
    }

    setRequestHeader(name: string, value: string) {
      this.#headers.set(name, value);
    }

    abort() {
      this.#aborted = true;
      this.onabort?.();
    }

    send(body: unknown) {
      const progress = (loaded: number) =>
        this.upload.onprogress?.({ lengthComputable: true, loaded, total: 1000 } as ProgressEvent);
      void (async () => {
        await Promise.resolve();
        progress(500);
        const reply = await answer(this.#path, this.#method, body, this.#headers);
        if (this.#aborted) return;
        if (reply === offlineReply) {
          this.onerror?.();
          return;
        }
        progress(1000);
        this.status = reply.status;
        this.responseText = JSON.stringify(reply.json);
        this.onload?.();
      })();
    }
  };
}
