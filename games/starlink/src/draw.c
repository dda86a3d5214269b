/* Drawing on the hires bitmap ($A000, colours at $8000, VIC bank 2).  Lines are drawn by
 * XOR, so drawing one again takes it away; star marks are put over them through a mask after
 * every change, so they always show whole. */
#include <c64.h>
#include <string.h>
#include "draw.h"

static uint8_t *rowbase[25];
/* When set, the colour (foreground in the high nibble) of the cells xor_plot touches. */
static uint8_t span_color;

static const uint16_t RING[15] = {
    0x07C0, 0x1830, 0x2008, 0x4004, 0x4004, 0x8002, 0x8002, 0x8002, 0x8002, 0x8002, 0x4004, 0x4004, 0x2008, 0x1830, 0x07C0
};
static const uint16_t DISC[15] = {
    0x07C0, 0x1FF0, 0x3FF8, 0x7FFC, 0x7FFC, 0xFFFE, 0xFFFE, 0xFFFE, 0xFFFE, 0xFFFE, 0x7FFC, 0x7FFC, 0x3FF8, 0x1FF0, 0x07C0
};
static const uint16_t GRAV[15] = {
    0x07C0, 0x1830, 0x2008, 0x4004, 0x4004, 0x8382, 0x8442, 0x8442, 0x8442, 0x8382, 0x4004, 0x4004, 0x2008, 0x1830, 0x07C0
};


/* Copies the character ROM's second set (upper and lower case) to FONT, with a gravity
 * star (a double ring) in place of '@'. */
void font_init(void)
{
    static const uint8_t RINGS[8] = { 0x3C, 0x42, 0x99, 0xA5, 0xA5, 0x99, 0x42, 0x3C };
    uint8_t i, port = *(uint8_t *)1;
    __asm__("sei");
    *(uint8_t *)1 = port & 0xFB; /* the character ROM in place of I/O */
    memcpy(FONT, (uint8_t *)0xD800, 0x800);
    *(uint8_t *)1 = port; /* as the C runtime set it: BASIC's ROM out, RAM at $A000 */
    __asm__("cli");
    for (i = 0; i < 8; ++i)
        FONT[i] = RINGS[i];
    for (i = 0; i < 25; ++i)
        rowbase[i] = BITMAP + (uint16_t)i * 320;
}

void bitmap_on(void)
{
    CIA2.pra = (CIA2.pra & 0xFC) | 0x01; /* bank 2: $8000-$BFFF */
    VIC.addr = 0x08;                      /* colours at +$0000, bitmap at +$2000 */
    VIC.ctrl1 = 0x3B;
}

void text_on(void)
{
    CIA2.pra = (CIA2.pra & 0xFC) | 0x03;
    VIC.addr = 0x17;
    VIC.ctrl1 = 0x1B;
    VIC.spr_ena = 0;
}

void bitmap_clear(void)
{
    memset(BITMAP, 0, 8000);
    memset(COLORS, 0x10, 1000);
    memset(COLORS + 21 * 40, 0xF0, 4 * 40);
}

static void xor_plot(int16_t x, int16_t y)
{
    if (x < 0 || x > 319 || y < 0 || y > 167)
        return;
    rowbase[(uint8_t)y >> 3][((uint16_t)x & 0x1F8) | ((uint8_t)y & 7)] ^= (uint8_t)(0x80 >> ((uint8_t)x & 7));
    if (span_color)
        COLORS[((uint8_t)y >> 3) * 40 + ((uint16_t)x >> 3)] = span_color;
}

/* draw_asm.s */
extern uint8_t *xs_ptr;
extern uint8_t xs_bit, xs_line, xs_left, xs_up, xs_dots, xs_color;
extern int16_t xs_dx, xs_dy, xs_count;
void xor_span_asm(void);

/* XORs the pixels from (x0, y0) up to, but not including, (x1, y1); every `dots`th pixel
 * (dots >= 1), in span_color's colour cells when it is set.  Every point must lie within
 * the field. */
static void xor_span(int16_t x0, int16_t y0, int16_t x1, int16_t y1, uint8_t dots)
{
    xs_dx = x1 > x0 ? x1 - x0 : x0 - x1;
    xs_dy = y1 > y0 ? y0 - y1 : y1 - y0;
    xs_left = x1 < x0;
    xs_up = y1 < y0;
    xs_count = xs_dx > -xs_dy ? xs_dx : -xs_dy;
    xs_line = (uint8_t)y0 & 7;
    xs_bit = (uint8_t)(0x80 >> ((uint8_t)x0 & 7));
    xs_ptr = rowbase[(uint8_t)y0 >> 3] + (((uint16_t)x0 & 0x1F8) | xs_line);
    xs_dots = dots;
    xs_color = span_color;
    xor_span_asm();
}

static uint16_t isqrt(uint16_t v)
{
    uint16_t r = 0, b = 0x4000;
    while (b > v)
        b >>= 2;
    while (b) {
        if (v >= r + b) {
            v -= r + b;
            r = (r >> 1) + b;
        } else
            r >>= 1;
        b >>= 2;
    }
    return r;
}

/* The point `hundredths` hundredths of a cell from star f towards star t, in pixels (a cell
 * is 30 pixels). */
static int16_t tx, ty;
static void toward(uint8_t f, uint8_t t, uint8_t hundredths)
{
    int16_t dx = PX(L.stars[t].x) - PX(L.stars[f].x);
    int16_t dy = PY(L.stars[t].y) - PY(L.stars[f].y);
    int16_t len = (int16_t)isqrt((uint16_t)(dx * dx + dy * dy));
    int16_t r = (int16_t)hundredths * 3; /* tenths of a pixel */
    /* |dx| <= 120 pixels (4 cells), so dx * r fits in 16 bits. */
    tx = PX(L.stars[f].x) + dx * r / (10 * len);
    ty = PY(L.stars[f].y) + dy * r / (10 * len);
}

/* A line: straight between its stars' rims, or, bent, straight from A to 0.28 cells before
 * G, a quadratic Bezier with G as control point to 0.28 cells after G, then straight to B. */
void draw_line(const struct line *l)
{
    int16_t x0, y0, gx, gy, ax, ay, bx, by, px, py, qx, qy;
    uint8_t i;
    toward(l->a, l->g == NONE ? l->b : l->g, 27);
    x0 = tx;
    y0 = ty;
    if (l->g == NONE) {
        toward(l->b, l->a, 27);
        xor_span(x0, y0, tx, ty, 1);
        xor_plot(tx, ty);
        return;
    }
    toward(l->g, l->a, 28);
    ax = tx;
    ay = ty;
    toward(l->g, l->b, 28);
    bx = tx;
    by = ty;
    xor_span(x0, y0, ax, ay, 1);
    gx = PX(L.stars[l->g].x);
    gy = PY(L.stars[l->g].y);
    /* B(t) = (1-t)^2 P1 + 2t(1-t) G + t^2 P2, t = i/8, in 64ths. */
    px = ax;
    py = ay;
    for (i = 1; i <= 8; ++i) {
        uint8_t u = 8 - i;
        qx = (int16_t)((u * u * ax + 2 * i * u * gx + i * i * bx + 32) >> 6);
        qy = (int16_t)((u * u * ay + 2 * i * u * gy + i * i * by + 32) >> 6);
        xor_span(px, py, qx, qy, 1);
        px = qx;
        py = qy;
    }
    toward(l->b, l->g, 27);
    xor_span(bx, by, tx, ty, 1);
    xor_plot(tx, ty);
}

/* A dotted line from star a to the gravity star g, rim to rim, in purple; `on` 0 takes it
 * away and gives its cells back their white. */
void draw_dotted(uint8_t a, uint8_t g, uint8_t on)
{
    int16_t x0, y0;
    toward(a, g, 27);
    x0 = tx;
    y0 = ty;
    toward(g, a, 27);
    span_color = on ? 0x40 : 0x10;
    xor_span(x0, y0, tx, ty, 3);
    span_color = 0;
}

/* draw_asm.s */
extern const uint16_t *pr_shape, *pr_mask;
extern uint8_t *pr_dest;
extern uint8_t pr_shift, pr_rows, pr_line;
void put_rows_asm(void);

/* Puts n rows of 16 pixels at (x, y), top left: where mask is set, the pixel becomes
 * shape's.  The rows must lie within the bitmap. */
static void put_rows(int16_t x, int16_t y, const uint16_t *shape, const uint16_t *mask, uint8_t n)
{
    pr_shape = shape;
    pr_mask = mask;
    pr_dest = rowbase[(uint8_t)y >> 3] + (((uint16_t)x & 0x1F8) | ((uint8_t)y & 7));
    pr_shift = (uint8_t)x & 7;
    pr_line = (uint8_t)y & 7;
    pr_rows = n;
    put_rows_asm();
}

static const uint8_t *glyph(uint8_t c)
{
    return FONT + (uint16_t)c * 8;
}

/* Star i's mark: a ring with its number, filled (the number cut out) when `done`; a gravity
 * star is a double ring with its number in a box at its upper right. */
void put_mark(uint8_t i, uint8_t done)
{
    static uint16_t shape[15], mask[15];
    int16_t cx = PX(L.stars[i].x), cy = PY(L.stars[i].y);
    uint8_t n = L.stars[i].number, r;
    const uint8_t *d = glyph(n > 9 ? 0x2B : 0x30 + n); /* '+' or the digit's screen code */
    if (L.stars[i].kind == GRAVITY) {
        put_rows(cx - 7, cy - 7, GRAV, GRAV, 15);
        for (r = 0; r < 8; ++r) {
            shape[r] = (uint16_t)(done ? (uint8_t)~d[r] : d[r]) << 8;
            mask[r] = 0xFF00;
        }
        put_rows(cx + 6, cy - 16, shape, mask, 8);
        return;
    }
    for (r = 0; r < 15; ++r) {
        uint16_t g = (r >= 3 && r < 11) ? (uint16_t)d[r - 3] << 5 : 0;
        shape[r] = done ? (DISC[r] & ~g) : (RING[r] | g);
    }
    put_rows(cx - 7, cy - 7, shape, DISC, 15);
}

/* draw_asm.s */
extern uint8_t *pt_dest;
extern const char *pt_text;
extern uint8_t pt_max;
void put_text_asm(void);

/* ASCII text into the bitmap's character cells from (col, row). */
void put_text(uint8_t col, uint8_t row, const char *s)
{
    pt_dest = rowbase[row] + (uint16_t)col * 8;
    pt_text = s;
    pt_max = 40 - col;
    put_text_asm();
}

void clear_rows(uint8_t row, uint8_t n)
{
    memset(rowbase[row], 0, (uint16_t)n * 320);
}

/* Sprite 0 the cursor (a cross), sprites 1 and 2 rings around the picked stars. */
#define SPRITES ((uint8_t *)0x8400)
static const uint8_t SPR_CROSS[63] = {
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x08, 0x00,
    0x00, 0x08, 0x00, 0x00, 0x08, 0x00, 0x00, 0x08, 0x00, 0x00, 0x08, 0x00,
    0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x07, 0xE3, 0xF0, 0x00, 0x00, 0x00,
    0x00, 0x08, 0x00, 0x00, 0x08, 0x00, 0x00, 0x08, 0x00, 0x00, 0x08, 0x00,
    0x00, 0x08, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00
};
static const uint8_t SPR_RING[63] = {
    0x00, 0x7F, 0x00, 0x01, 0xFF, 0xC0, 0x03, 0x00, 0x60, 0x06, 0x00, 0x30,
    0x0C, 0x00, 0x18, 0x18, 0x00, 0x0C, 0x10, 0x00, 0x04, 0x30, 0x00, 0x06,
    0x30, 0x00, 0x06, 0x30, 0x00, 0x06, 0x30, 0x00, 0x06, 0x30, 0x00, 0x06,
    0x30, 0x00, 0x06, 0x30, 0x00, 0x06, 0x10, 0x00, 0x04, 0x18, 0x00, 0x0C,
    0x0C, 0x00, 0x18, 0x06, 0x00, 0x30, 0x03, 0x00, 0x60, 0x01, 0xFF, 0xC0,
    0x00, 0x7F, 0x00
};
void sprites_init(void)
{
    memcpy(SPRITES, SPR_CROSS, 63);
    memcpy(SPRITES + 64, SPR_RING, 63);
    *(uint8_t *)0x83F8 = 16;
    *(uint8_t *)0x83F9 = 17;
    *(uint8_t *)0x83FA = 17;
    VIC.spr0_color = COLOR_WHITE;
    VIC.spr1_color = COLOR_YELLOW;
    VIC.spr2_color = COLOR_PURPLE;
    VIC.spr_ena = 0;
}

/* Sprite n centred on bitmap pixel (x, y). */
void sprite_at(uint8_t n, int16_t x, int16_t y)
{
    int16_t sx = x + 24 - 12, sy = y + 50 - 10;
    uint8_t bit = (uint8_t)(1 << n);
    (&VIC.spr0_x)[n * 2] = (uint8_t)sx;
    (&VIC.spr0_y)[n * 2] = (uint8_t)sy;
    if (sx & 0x100)
        VIC.spr_hi_x |= bit;
    else
        VIC.spr_hi_x &= (uint8_t)~bit;
    VIC.spr_ena |= bit;
}

void sprite_off(uint8_t n)
{
    VIC.spr_ena &= (uint8_t)~(1 << n);
}
