/* The puzzle screen.  A pick is a star (or a placed line) under the cursor: star, then star
 * for a straight line; star, gravity star, star for a bent one; a placed line picked again
 * goes away.  Every refusal names the first rule broken, in the order the rules are checked. */
#include <c64.h>
#include <string.h>
#include "draw.h"
#include "msg.h"
#include "play.h"
#include "rules.h"
#include "solve.h"

int16_t cur_x = 160, cur_y = 84;

static uint8_t count[MAX_STARS], bends[MAX_STARS];

/* Drawing left for after a pick is answered: lines to XOR (with the marks near them put
 * back), and dotted lines (g marks one: a is the star, on whether it is shown). */
#define MAX_TODO 4
static struct line todo[MAX_TODO];
static uint8_t todo_dotted[MAX_TODO];
static uint8_t ntodo;
static uint8_t help_later;

static void later_line(const struct line *l)
{
    if (ntodo < MAX_TODO) {
        todo[ntodo] = *l;
        todo_dotted[ntodo++] = 0;
    }
}

static void later_dotted(uint8_t a, uint8_t g, uint8_t on)
{
    if (ntodo < MAX_TODO) {
        todo[ntodo].a = a;
        todo[ntodo].g = g;
        todo[ntodo].b = on;
        todo_dotted[ntodo++] = 1;
    }
}
static uint16_t start_jiffies;
static uint16_t shown_seconds = 0xFFFF;
static char buf[44];

static uint16_t jiffies(void)
{
    uint16_t t;
    __asm__("sei");
    t = *(uint8_t *)0xA2 | (*(uint8_t *)0xA1 << 8);
    __asm__("cli");
    return t;
}

uint16_t jiffies_since_start(void)
{
    return jiffies() - start_jiffies;
}

/* The message: into the shared block, and onto status rows 22-23, wrapped at a space. */
void show_message(uint8_t id)
{
    const char *t = message_text(id);
    uint8_t n = (uint8_t)strlen(t), cut = n;
    L.msg = id;
    strcpy(L.text, t);
    clear_rows(22, 2);
    if (n > 40) {
        for (cut = 40; cut > 0 && t[cut] != ' '; --cut)
            ;
    }
    memcpy(buf, t, cut);
    buf[cut] = 0;
    put_text(0, 22, buf);
    if (cut < n)
        put_text(0, 23, t + cut + 1);
}

/* The status line's first row, when the seconds shown change. */
void status_tick(void)
{
    uint16_t s = (L.state == ST_SOLVED ? (L.time[0] | (L.time[1] << 8)) : jiffies_since_start()) / 60;
    if (s == shown_seconds)
        return;
    shown_seconds = s;
    status_head(buf, s);
    put_text(0, 21, buf);
}

static uint8_t done(uint8_t i)
{
    return count[i] == L.stars[i].number;
}

/* Puts back the marks of the stars near the box (x0, y0)-(x1, y1), in pixels. */
static void marks_near(int16_t x0, int16_t y0, int16_t x1, int16_t y1)
{
    uint8_t i;
    int16_t x, y;
    for (i = 0; i < L.nstars; ++i) {
        x = PX(L.stars[i].x);
        y = PY(L.stars[i].y);
        if (x + 24 >= x0 && x - 24 <= x1 && y + 24 >= y0 && y - 24 <= y1)
            put_mark(i, done(i));
    }
}

static void line_box(const struct line *l, int16_t *b)
{
    uint8_t s[3], k, n = 2;
    int16_t x, y;
    s[0] = l->a;
    s[1] = l->b;
    if (l->g != NONE)
        s[n++] = l->g;
    b[0] = b[1] = 999;
    b[2] = b[3] = -999;
    for (k = 0; k < n; ++k) {
        x = PX(L.stars[s[k]].x);
        y = PY(L.stars[s[k]].y);
        if (x < b[0]) b[0] = x;
        if (y < b[1]) b[1] = y;
        if (x > b[2]) b[2] = x;
        if (y > b[3]) b[3] = y;
    }
}

/* Counts placed line k at its stars by `d`, and draws it (or, drawn again, takes it away)
 * once the pick is answered. */
static void toggle_line(uint8_t k, int8_t d)
{
    const struct line *l = &L.placed[k];
    count[l->a] += d;
    count[l->b] += d;
    if (l->g != NONE) {
        count[l->g] += d;
        bends[l->g] += d;
    }
    later_line(l);
}

/* The drawing a pick left. */
static void draw_later(void)
{
    uint8_t i;
    int16_t b[4];
    for (i = 0; i < ntodo; ++i) {
        if (todo_dotted[i]) {
            draw_dotted(todo[i].a, todo[i].g, todo[i].b);
            continue;
        }
        draw_line(&todo[i]);
        line_box(&todo[i], b);
        marks_near(b[0], b[1], b[2], b[3]);
    }
    ntodo = 0;
    if (help_later) {
        put_text(0, 24, L.state == ST_SOLVED ? SOLVED_HELP : HELP);
        help_later = 0;
    }
}

static void remove_line(uint8_t k)
{
    toggle_line(k, -1);
    --L.nplaced;
    L.placed[k] = L.placed[L.nplaced];
}

static void unpick(void)
{
    if (L.pick_g != NONE)
        later_dotted(L.pick_a, L.pick_g, 0);
    L.pick_a = NONE;
    L.pick_g = NONE;
    sprite_off(1);
    sprite_off(2);
}

static void redraw(void)
{
    uint8_t i;
    bitmap_clear();
    for (i = 0; i < L.nplaced; ++i)
        draw_line(&L.placed[i]);
    for (i = 0; i < L.nstars; ++i)
        put_mark(i, done(i));
    shown_seconds = 0xFFFF;
    status_tick();
    put_text(0, 24, L.state == ST_SOLVED ? SOLVED_HELP : HELP);
}

/* Starts playing the puzzle in the shared block. */
void play_begin(void)
{
    uint8_t i;
    L.nplaced = 0;
    L.pick_a = L.pick_g = NONE;
    for (i = 0; i < MAX_STARS; ++i)
        count[i] = bends[i] = 0;
    L.time[0] = L.time[1] = L.time[2] = 0;
    L.state = ST_GENERATING; /* until the picture is drawn */
    VIC.bordercolor = COLOR_BLUE;
    bitmap_clear();
    bitmap_on();
    sprites_init();
    redraw();
    show_message(M_NONE);
    start_jiffies = jiffies();
    sprite_at(0, cur_x, cur_y);
    L.cur_x_lo = (uint8_t)cur_x;
    L.cur_x_hi = (uint8_t)(cur_x >> 8);
    L.cur_y = (uint8_t)cur_y;
    L.state = ST_PLAYING;
}

/* Takes every line away (the clock runs on). */
void play_clear(void)
{
    uint8_t i;
    unpick();
    ntodo = 0; /* the picture is drawn anew */
    L.nplaced = 0;
    for (i = 0; i < MAX_STARS; ++i)
        count[i] = bends[i] = 0;
    if (L.state == ST_SOLVED) {
        L.state = ST_PLAYING;
        VIC.bordercolor = COLOR_BLUE;
        start_jiffies = jiffies() - (L.time[0] | (L.time[1] << 8));
    }
    redraw();
    show_message(M_CLEARED);
}

/* The star whose mark is under (x, y), within 0.4 cells of its centre, or NONE. */
static uint8_t star_at(int16_t x, int16_t y)
{
    uint8_t i, best = NONE;
    int16_t dx, dy, d, bd = 145;
    for (i = 0; i < L.nstars; ++i) {
        dx = PX(L.stars[i].x) - x;
        dy = PY(L.stars[i].y) - y;
        if (dx < -12 || dx > 12 || dy < -12 || dy > 12)
            continue;
        d = dx * dx + dy * dy;
        if (d < bd) {
            bd = d;
            best = i;
        }
    }
    return best;
}

/* Whether (x, y) is within 5 pixels of the segment between stars p and q. */
static uint8_t near_seg(uint8_t p, uint8_t q, int16_t x, int16_t y)
{
    int16_t px = PX(L.stars[p].x), py = PY(L.stars[p].y);
    int16_t dx = PX(L.stars[q].x) - px, dy = PY(L.stars[q].y) - py;
    int16_t vx = x - px, vy = y - py;
    int32_t t = (int32_t)vx * dx + (int32_t)vy * dy;
    int32_t len2 = (int32_t)dx * dx + (int32_t)dy * dy;
    int32_t c;
    if (t < 0 || t > len2)
        return 0;
    c = (int32_t)dx * vy - (int32_t)dy * vx;
    return c * c <= 25 * len2;
}

/* The placed line passing under (x, y), or NONE; for a bent line, either segment. */
static uint8_t line_at(int16_t x, int16_t y)
{
    uint8_t k;
    const struct line *l;
    for (k = 0; k < L.nplaced; ++k) {
        l = &L.placed[k];
        if (l->g == NONE) {
            if (near_seg(l->a, l->b, x, y))
                return k;
        } else if (near_seg(l->a, l->g, x, y) || near_seg(l->g, l->b, x, y))
            return k;
    }
    return NONE;
}

static void check_solved(void)
{
    uint8_t i;
    uint16_t t;
    for (i = 0; i < L.nstars; ++i)
        if (!done(i))
            return;
    if (!connected_lines(L.placed, L.nplaced))
        return;
    t = jiffies_since_start();
    L.time[0] = (uint8_t)t;
    L.time[1] = (uint8_t)(t >> 8);
    L.state = ST_SOLVED;
    show_message(M_SOLVED);
    VIC.bordercolor = COLOR_GREEN;
    shown_seconds = 0xFFFF; /* the status line, after the answer */
    help_later = 1;
}

/* Tries the line from the picked star to star s (bent at the picked gravity star, if any). */
static void link_to(uint8_t s)
{
    uint8_t a = L.pick_a, g = L.pick_g, r, k;
    struct line l;
    r = check_line(a, g, s);
    unpick();
    if (r != OK) {
        show_message(r);
        return;
    }
    l.a = a < s ? a : s;
    l.b = a < s ? s : a;
    l.g = g;
    for (k = 0; k < L.nplaced; ++k)
        if (L.placed[k].a == l.a && L.placed[k].b == l.b && L.placed[k].g == l.g) {
            remove_line(k);
            show_message(M_REMOVED);
            return;
        }
    for (k = 0; k < L.nplaced; ++k)
        if (lines_clash(&l, &L.placed[k])) {
            show_message(M_CROSS);
            return;
        }
    if (g != NONE && bends[g] >= MAX_BENDS) {
        show_message(M_BENDS);
        return;
    }
    if (L.nplaced >= MAX_PLACED)
        return;
    L.placed[L.nplaced] = l;
    toggle_line(L.nplaced, 1);
    ++L.nplaced;
    show_message(M_PLACED);
    shown_seconds = 0xFFFF;
    check_solved();
}

/* A pick at bitmap pixel (x, y). */
static void pick(int16_t x, int16_t y)
{
    uint8_t s = star_at(x, y), k;
    if (L.state != ST_PLAYING)
        return;
    if (s == NONE) {
        unpick();
        k = line_at(x, y);
        if (k != NONE) {
            remove_line(k);
            show_message(M_REMOVED);
            shown_seconds = 0xFFFF;
        } else
            show_message(M_NONE);
        return;
    }
    if (L.pick_a == NONE) {
        if (L.stars[s].kind == GRAVITY) {
            show_message(R_START_GRAVITY);
            return;
        }
        L.pick_a = s;
        sprite_at(1, PX(L.stars[s].x), PY(L.stars[s].y));
        show_message(M_PICKED);
        return;
    }
    if (s == L.pick_a) {
        unpick();
        show_message(M_NONE);
        return;
    }
    if (L.stars[s].kind == GRAVITY) {
        if (L.pick_g != NONE)
            later_dotted(L.pick_a, L.pick_g, 0);
        if (L.pick_g == s) {
            L.pick_g = NONE;
            sprite_off(2);
            show_message(M_PICKED);
            return;
        }
        L.pick_g = s;
        later_dotted(L.pick_a, s, 1);
        sprite_at(2, PX(L.stars[s].x), PY(L.stars[s].y));
        show_message(M_WAYPOINT);
        return;
    }
    link_to(s);
}

/* A pick at bitmap pixel (x, y): answered (the message shown, the pick counted in the
 * shared block), then drawn. */
void pick_at(int16_t x, int16_t y)
{
    pick(x, y);
    ++L.picks;
    draw_later();
}
