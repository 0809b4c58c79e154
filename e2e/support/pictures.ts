import sharp from 'sharp';

/**
 * A camera-sized photo: 4000 × 3000, several megabytes, as a phone takes it: a scene with shapes and
 * gradients (which survive shrinking, as a face does) under sensor noise (which makes the file large).
 */
export async function cameraPhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const scene = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><radialGradient id="g" cx="50%" cy="40%" r="60%"><stop offset="0" stop-color="#f4d7b5"/><stop offset="1" stop-color="#3b6ea5"/></radialGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <ellipse cx="2000" cy="1300" rx="700" ry="900" fill="#c68e62"/>
    <ellipse cx="1750" cy="1150" rx="90" ry="60" fill="#2b1d14"/><ellipse cx="2250" cy="1150" rx="90" ry="60" fill="#2b1d14"/>
    <path d="M1700 1700 Q2000 1900 2300 1700" stroke="#6b2e23" stroke-width="40" fill="none"/>
    <rect x="900" y="2300" width="2200" height="700" fill="#1f3b5a"/>
    <text x="200" y="300" font-size="160" font-family="sans-serif" fill="#ffffff">Karachi 2026</text>
  </svg>`;
  const { data } = await sharp(Buffer.from(scene)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let seed = 12345;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    data[i] = Math.max(0, Math.min(255, data[i]! + ((seed >>> 24) % 41) - 20));
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

export async function documentPicture(label: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="760"><rect width="100%" height="100%" fill="#e8f0fe"/><text x="60" y="140" font-size="72" font-family="sans-serif" fill="#0b5394">${label}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** A passport-style picture for the admit card. */
export async function portrait(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="100%" height="100%" fill="#ffffff"/><circle cx="300" cy="230" r="130" fill="#c68e62"/><rect x="140" y="390" width="320" height="210" rx="60" fill="#1f3b5a"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
