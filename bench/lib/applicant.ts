import { hash, randomBytes, randomInt } from 'node:crypto';
import sharp from 'sharp';
import { DOCUMENT_MAX_SIDE } from '@portal/shared/constants/profile';
import { clientHash } from './student';

/**
 * What a virtual applicant sends: its identity, a photo as the browser sends it (shrunk to the 400 px square
 * the profile page makes), and three documents as the browser sends them: taken by a phone's camera (12 MP
 * JPEGs of 1–3 MB) and redrawn at the size documents are stored (apps/web: documents/utils/document-picture.ts).
 * With `camera`, the documents go as the camera made them, as an older page or another client may send them.
 */

export interface ApplicantFiles {
  photo: Buffer;
  documents: { frontCnic: Buffer; backCnic: Buffer; education: Buffer };
}

/**
 * A 4032×3024 picture of a page: paper with uneven light, lines of "ink", and sensor noise; the noise sets the
 * size, as it does for a real camera (8 → ~1.1 MB, 12 → ~1.8 MB, 18 → ~2.6 MB at quality 90).
 */
async function cameraJpeg(noise: number): Promise<Buffer> {
  const width = 4032;
  const height = 3024;
  const raw = Buffer.alloc(width * height * 3);
  const random = randomBytes(width * height);
  const phase = randomInt(1000);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      const grain = (random[y * width + x]! / 255 - 0.5) * noise;
      const paper = 200 + 30 * Math.sin((x + phase) / 700) * Math.cos(y / 500);
      const ink = (x >> 5) % 7 === 0 && (y >> 6) % 3 === 0 ? -120 : 0;
      const value = paper + ink + grain;
      raw[offset] = value;
      raw[offset + 1] = value - 10;
      raw[offset + 2] = value - 25;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function browserPhoto(): Promise<Buffer> {
  const side = 400;
  const raw = Buffer.alloc(side * side * 3);
  const random = randomBytes(side * side);
  for (let i = 0; i < side * side; i++) {
    const x = i % side;
    const y = Math.floor(i / side);
    const face = (x - 200) ** 2 / 1.4 + (y - 180) ** 2 < 110 ** 2 ? 60 : 0;
    const value = 90 + face + y / 8 + (random[i]! / 255 - 0.5) * 10;
    raw[i * 3] = value + 30;
    raw[i * 3 + 1] = value + 10;
    raw[i * 3 + 2] = value;
  }
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * A camera picture as the document page sends it: within DOCUMENT_MAX_SIDE, JPEG at quality 90 (the page's
 * canvas and this resize both smooth the picture down; the encoders are both libjpeg-turbo).
 */
function browserDocument(camera: Buffer): Promise<Buffer> {
  return sharp(camera)
    .resize(DOCUMENT_MAX_SIDE, DOCUMENT_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export async function applicantFiles({ camera = false }: { camera?: boolean } = {}): Promise<ApplicantFiles> {
  const [photo, ...pictures] = await Promise.all([
    browserPhoto(),
    cameraJpeg(8),
    cameraJpeg(12),
    cameraJpeg(18),
  ]);
  const [frontCnic, backCnic, education] = camera
    ? pictures
    : await Promise.all(pictures.map(browserDocument));
  return { photo, documents: { frontCnic: frontCnic!, backCnic: backCnic!, education: education! } };
}

export interface ApplicantIdentity {
  cnic: string;
  email: string;
  /** The password as the browser sends it (hex SHA-256 of what was typed). */
  password: string;
  /** The address the applicant's requests come from, as the load balancer forwards it (X-Forwarded-For). */
  address: string;
}

/** 13 digits with no digit five times in a row (the CNIC rule). */
function randomCnic(): string {
  for (;;) {
    const cnic = String(randomInt(1, 10)) + Array.from({ length: 12 }, () => randomInt(0, 10)).join('');
    if (!/(\d)\1{4}/.test(cnic)) return cnic;
  }
}

/**
 * The tag of this process's applicants, in every e-mail address (`applicant.<tag>.<n>.…`): the counts after a
 * run look only at these, so a database that holds other students (a staging deployment) is counted right.
 */
export const RUN_TAG = randomBytes(3).toString('hex');
export const applicantEmailPrefix = `applicant.${RUN_TAG}.`;

export function newApplicant(index: number): ApplicantIdentity {
  return {
    cnic: randomCnic(),
    email: `${applicantEmailPrefix}${index}.${randomBytes(4).toString('hex')}@example.pk`,
    password: clientHash(`Admission#Day-${randomBytes(4).toString('hex')}`),
    address: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
  };
}

export interface CaptchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/**
 * Solves an ALTCHA challenge as the browser's worker does (the n whose SHA-256(salt + n) is the challenge),
 * yielding every few thousand hashes so that the load generator's event loop keeps timing other requests.
 */
export async function solveCaptcha(challenge: CaptchaChallenge): Promise<string> {
  for (let number = 0; number <= challenge.maxnumber; number++) {
    if (number % 2000 === 1999) await new Promise((resolve) => setImmediate(resolve));
    if (hash('sha256', `${challenge.salt}${number}`) === challenge.challenge) {
      const { algorithm, salt, signature } = challenge;
      return Buffer.from(
        JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }),
      ).toString('base64');
    }
  }
  throw new Error('captcha not solvable');
}

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
}

/** A multipart/form-data body as the browser's FormData makes it. */
export function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----WebKitFormBoundary${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: image/jpeg`
      : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const applicantProfile = {
  fullName: 'Ayesha Khan',
  fatherName: 'Imran Khan',
  homeAddress: 'House #12, Street 4, Gulshan-e-Iqbal, Karachi',
  dob: '2004-05-17',
  gender: 'female',
  lastQualification: 'Intermediate',
  province: 'sindh',
  city: 'Karachi',
  phoneNumber: '03001234567',
  haveLaptop: true,
  isEditing: false,
};
