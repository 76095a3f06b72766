import { isAllowedImageType, sniffImageType } from './image-sniffing';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

describe('sniffImageType', () => {
  it.each([
    ['image/png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'rest')],
    ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF')],
    ['image/gif', bytes('GIF89a', [1, 0, 1, 0])],
    ['image/gif', bytes('GIF87a', [1, 0, 1, 0])],
    ['image/webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')],
  ])('recognises %s by its magic bytes', (type, content) => {
    expect(sniffImageType(content)).toBe(type);
  });

  it.each([
    ['an HTML page', bytes('<!doctype html><script>alert(1)</script>')],
    ['an SVG image', bytes('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')],
    ['a RIFF that is not WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['a truncated PNG signature', bytes([0x89, 0x50, 0x4e, 0x47])],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', (_what, content) => {
    expect(sniffImageType(content)).toBeNull();
  });

  it('reads the declared type without parameters or letter case', () => {
    expect(isAllowedImageType('IMAGE/PNG; charset=binary')).toBe(true);
    expect(isAllowedImageType('image/svg+xml')).toBe(false);
    expect(isAllowedImageType(undefined)).toBe(false);
  });
});
