#include "photo_decode.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

static int fail(char *error, size_t size, const char *reason) {
  if (size > 0) snprintf(error, size, "%s", reason);
  return -1;
}

/// libpng's simplified API: it handles its own errors, no longjmp reaches the caller.
static int decode_png(const uint8_t *bytes, size_t length, size_t max_pixels, bounty_photo *out,
                      char *error, size_t error_size) {
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, bytes, length)) {
    return fail(error, error_size, image.message);
  }
  if ((size_t)image.width * image.height > max_pixels) {
    png_image_free(&image);
    return fail(error, error_size, "the image has too many pixels");
  }
  image.format = PNG_FORMAT_RGBA;
  uint8_t *pixels = malloc(PNG_IMAGE_SIZE(image));
  if (pixels == NULL) {
    png_image_free(&image);
    return fail(error, error_size, "out of memory");
  }
  if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
    free(pixels);
    return fail(error, error_size, image.message);
  }
  out->pixels = pixels;
  out->width = (int)image.width;
  out->height = (int)image.height;
  return 0;
}

struct jpeg_failure {
  struct jpeg_error_mgr manager;
  jmp_buf jump;
  char message[JMSG_LENGTH_MAX];
};

static void jpeg_failed(j_common_ptr info) {
  struct jpeg_failure *failure = (struct jpeg_failure *)info->err;
  (*info->err->format_message)(info, failure->message);
  longjmp(failure->jump, 1);
}

static void jpeg_quiet(j_common_ptr info, int level) {
  (void)info;
  (void)level;
}

static int decode_jpeg(const uint8_t *bytes, size_t length, size_t max_pixels, bounty_photo *out,
                       char *error, size_t error_size) {
  struct jpeg_decompress_struct info;
  struct jpeg_failure failure;
  uint8_t *volatile pixels = NULL;
  info.err = jpeg_std_error(&failure.manager);
  failure.manager.error_exit = jpeg_failed;
  failure.manager.emit_message = jpeg_quiet;
  failure.message[0] = 0;
  if (setjmp(failure.jump)) {
    jpeg_destroy_decompress(&info);
    free(pixels);
    return fail(error, error_size, failure.message[0] ? failure.message : "not a JPEG image");
  }
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, bytes, (unsigned long)length);
  jpeg_read_header(&info, TRUE);
  info.out_color_space = JCS_EXT_RGBA;  // libjpeg-turbo's extension: RGBA straight out
  // A terminal shows a few hundred pixels across: libjpeg scales a large photo down by 2, 4 or
  // 8 as it decodes, at a fraction of the memory and time.
  info.scale_num = 1;
  info.scale_denom = 1;
  while (info.scale_denom < 8 &&
         (size_t)(info.image_width / (info.scale_denom * 2)) *
                 (info.image_height / (info.scale_denom * 2)) >= BOUNTY_PHOTO_ENOUGH_PIXELS) {
    info.scale_denom *= 2;
  }
  jpeg_start_decompress(&info);
  size_t width = info.output_width, height = info.output_height;
  if (width * height > max_pixels) {
    jpeg_destroy_decompress(&info);
    return fail(error, error_size, "the image has too many pixels");
  }
  pixels = malloc(width * height * 4);
  if (pixels == NULL) {
    jpeg_destroy_decompress(&info);
    return fail(error, error_size, "out of memory");
  }
  while (info.output_scanline < info.output_height) {
    JSAMPROW row = pixels + (size_t)info.output_scanline * width * 4;
    jpeg_read_scanlines(&info, &row, 1);
  }
  jpeg_finish_decompress(&info);
  jpeg_destroy_decompress(&info);
  out->pixels = pixels;
  out->width = (int)width;
  out->height = (int)height;
  return 0;
}

int bounty_photo_decode(const uint8_t *bytes, size_t length, size_t max_pixels,
                        bounty_photo *out, char *error, size_t error_size) {
  memset(out, 0, sizeof *out);
  if (length >= 8 && png_sig_cmp(bytes, 0, 8) == 0) {
    return decode_png(bytes, length, max_pixels, out, error, error_size);
  }
  if (length >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF) {
    return decode_jpeg(bytes, length, max_pixels, out, error, error_size);
  }
  return fail(error, error_size, "not a PNG or JPEG image");
}

void bounty_photo_free(bounty_photo *photo) {
  free(photo->pixels);
  photo->pixels = NULL;
}
