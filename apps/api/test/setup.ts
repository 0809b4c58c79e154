// Tests build apps with a quiet logger; argon2 work runs on libuv's pool, enough for the tests' concurrency.
process.env.UV_THREADPOOL_SIZE ??= '4';
