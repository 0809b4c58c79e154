/** Minimum age (spec sections 5 and 9): about 6.4 years, in milliseconds. */
export const MIN_AGE_MS = 201_429_092_347;

/** The fields of the profile form, as the student fills them in (the photo apart), in the form's order. */
export const PROFILE_FIELD_NAMES = [
  'fullName',
  'fatherName',
  'homeAddress',
  'dob',
  'gender',
  'lastQualification',
  'province',
  'city',
  'phoneNumber',
  'haveLaptop',
] as const;

export const ADDRESS_MIN = 8;
export const ADDRESS_MAX = 120;
export const NAME_MIN = 3;

/** The profile photo: at most 1 MB (1e6 bytes) as chosen; the browser crops it square and shrinks it first. */
export const PROFILE_IMAGE_MAX_BYTES = 1_000_000;
/** The side of the square photo the browser sends and the server stores. */
export const PROFILE_IMAGE_SIDE = 400;

/** Documents: the spec sets no limit; the server allows this much per file (docs/decisions). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/**
 * The long side, in pixels, documents are stored within. The browser sends a larger picture shrunk to it, and
 * the server shrinks to it whatever still comes larger (decisions 0061 and 0062).
 */
export const DOCUMENT_MAX_SIDE = 2048;

/**
 * More pixels than any camera makes: a picture whose header declares more is a decompression bomb, not a
 * photo. The server refuses it (413) before decoding; the browser does not decode it either.
 */
export const IMAGE_MAX_PIXELS = 50_000_000;

export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
