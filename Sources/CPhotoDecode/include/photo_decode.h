#ifndef BOUNTY_PHOTO_DECODE_H
#define BOUNTY_PHOTO_DECODE_H
// Decodes a PNG or JPEG photo into RGBA pixels with Debian's libpng and libjpeg (libjpeg-turbo),
// for drawing it in the terminal. C, because libjpeg reports errors with longjmp.
#include <stddef.h>
#include <stdint.h>

/// A JPEG larger than this many pixels is decoded scaled down (by 2, 4 or 8) towards it.
#define BOUNTY_PHOTO_ENOUGH_PIXELS 1000000

/// RGBA8 pixels, 4 bytes each, rows `width * 4` bytes apart; free with bounty_photo_free.
typedef struct {
  uint8_t *pixels;
  int width;
  int height;
} bounty_photo;

/// Decodes `length` bytes of a PNG or JPEG (a large JPEG scaled down as it is decoded). Returns 0
/// and fills `out`, or -1 (not an image these libraries read, or still larger than `max_pixels`)
/// with a short reason in `error` (`error_size` bytes, NUL-terminated).
int bounty_photo_decode(const uint8_t *bytes, size_t length, size_t max_pixels,
                        bounty_photo *out, char *error, size_t error_size);

void bounty_photo_free(bounty_photo *photo);

#endif
