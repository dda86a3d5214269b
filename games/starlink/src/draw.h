/* The hires picture: stars, lines, text and sprites. */
#ifndef DRAW_H
#define DRAW_H

#include "layout.h"

#define BITMAP ((uint8_t *)0xA000)
#define COLORS ((uint8_t *)0x8000)
#define FONT ((uint8_t *)0xC800)

/* A star's centre in bitmap pixels. */
#define PX(x) (10 + 3 * (int16_t)(x))
#define PY(y) (8 + 3 * (int16_t)(y))

void font_init(void);
void bitmap_on(void);
void text_on(void);
void bitmap_clear(void);
void put_mark(uint8_t i, uint8_t done);
void draw_line(const struct line *l);
void draw_dotted(uint8_t a, uint8_t g, uint8_t on);
void put_text(uint8_t col, uint8_t row, const char *s);
void clear_rows(uint8_t row, uint8_t n);
void sprites_init(void);
void sprite_at(uint8_t n, int16_t x, int16_t y);
void sprite_off(uint8_t n);

#endif
