/* The rules: sight, reach, bends and clashes, exactly as the Rust reference judges them. */
#include "rules.h"

#ifdef __CC65__
#include <cc65.h>
#define MUL16(a, b) umul16x16r32((uint16_t)(a), (uint16_t)(b))
#define MUL8(a, b) imul8x8r16((a), (b))
#else
#define MUL8(a, b) ((int16_t)(a) * (int16_t)(b))
#define MUL16(a, b) ((uint32_t)(uint16_t)(a) * (uint16_t)(b))
#endif

static int16_t px, py, qx, qy;

/* The stars' coordinates, copied out of the shared block by sync_stars() for quick reading. */
uint8_t SX[MAX_STARS], SY[MAX_STARS];

void sync_stars(void)
{
    uint8_t i;
    for (i = 0; i < L.nstars; ++i) {
        SX[i] = L.stars[i].x;
        SY[i] = L.stars[i].y;
    }
}

/* Squares of 0..127, so that distances need no multiplication. */
static uint16_t sq[128];

void squares(void)
{
    uint8_t i;
    if (sq[2])
        return;
    for (i = 0; i < 128; ++i)
        sq[i] = (uint16_t)i * i;
}

/* |a - b| for bytes. */
#define ABSDIFF(a, b) ((a) > (b) ? (uint8_t)((a) - (b)) : (uint8_t)((b) - (a)))

/* Whether star r, already known to lie in the segment's box widened by 5 tenths, lies within
 * 0.42 cells of the segment p-q (boundary included). */
static uint8_t near_star(uint8_t r)
{
    int16_t dx, dy, vx, vy, t, len2, u;
    uint8_t rx = SX[r], ry = SY[r];
    dx = qx - px;
    dy = qy - py;
    vx = (int16_t)rx - px;
    vy = (int16_t)ry - py;
    len2 = dx * dx + dy * dy;
    t = vx * dx + vy * dy;
    if (len2 == 0 || t <= 0)
        return vx * vx + vy * vy <= 17; /* 100 d^2 <= 1764 */
    if (t >= len2) {
        vx = (int16_t)rx - qx;
        vy = (int16_t)ry - qy;
        return vx * vx + vy * vy <= 17;
    }
    /* 100 c^2 <= 1764 len2, as (5c)^2 <= 441 len2. */
    u = dx * vy - dy * vx;
    if (u < 0)
        u = -u;
    u *= 5;
    return MUL16(u, u) <= MUL16(441, len2);
}


/* Whether the segment between stars a and b passes within 0.42 cells of no other star. */
uint8_t sees(uint8_t a, uint8_t b)
{
    uint8_t i, x, y, x0, x1, y0, y1;
    px = SX[a];
    py = SY[a];
    qx = SX[b];
    qy = SY[b];
    /* The segment's box widened by 5 tenths: a star outside it is more than 0.42 away. */
    x0 = (uint8_t)(px < qx ? px : qx);
    x1 = (uint8_t)(px < qx ? qx : px) + 5;
    y0 = (uint8_t)(py < qy ? py : qy);
    y1 = (uint8_t)(py < qy ? qy : py) + 5;
    x0 = x0 > 5 ? x0 - 5 : 0;
    y0 = y0 > 5 ? y0 - 5 : 0;
    for (i = 0; i < L.nstars; ++i) {
        x = SX[i];
        y = SY[i];
        if (x < x0 || x > x1 || y < y0 || y > y1 || i == a || i == b)
            continue;
        if (near_star(i))
            return 0;
    }
    return 1;
}

uint16_t dist2(uint8_t a, uint8_t b)
{
    uint8_t ax = SX[a], bx = SX[b], ay = SY[a], by = SY[b];
    return sq[ABSDIFF(ax, bx)] + sq[ABSDIFF(ay, by)];
}

uint16_t vis[MAX_STARS];

/* Which stars each star can be joined to by a straight segment within the reach: vis[a] has
 * bit b set when a and b are at most 4.0 cells apart and see each other.  Every check below
 * reads it, so it is built again whenever a star moves. */
void vis_build(void)
{
    uint8_t a, b;
    squares();
    sync_stars();
    for (a = 0; a < L.nstars; ++a)
        vis[a] = 0;
    for (a = 0; a < L.nstars; ++a)
        for (b = a + 1; b < L.nstars; ++b)
            if (dist2(a, b) <= REACH * REACH && sees(a, b)) {
                vis[a] |= (uint16_t)1 << b;
                vis[b] |= (uint16_t)1 << a;
            }
}

#define VIS(a, b) (vis[a] & ((uint16_t)1 << (b)))

/* Whether the bend at g between a and b is 120 degrees or wider: the dot product of G->A and
 * G->B is at most 0, or 4 dot^2 <= |GA|^2 |GB|^2. */
uint8_t bend_ok(uint8_t a, uint8_t g, uint8_t b)
{
    int16_t ax = (int16_t)SX[a] - SX[g];
    int16_t ay = (int16_t)SY[a] - SY[g];
    int16_t bx = (int16_t)SX[b] - SX[g];
    int16_t by = (int16_t)SY[b] - SY[g];
    int32_t dot = (int32_t)(ax * bx + ay * by);
    if (dot <= 0)
        return 1;
    return 4 * dot * dot <= (int32_t)dist2(g, a) * (int32_t)dist2(g, b);
}

/* Checks the line a-b, straight (g == NONE) or bent at g: OK or the first rule it breaks. */
uint8_t check_line(uint8_t a, uint8_t g, uint8_t b)
{
    if (a == b || g == a || g == b)
        return R_SAME;
    if (L.stars[a].kind == GRAVITY || L.stars[b].kind == GRAVITY)
        return R_START_GRAVITY;
    if (g == NONE) {
        if (dist2(a, b) > REACH * REACH)
            return R_TOO_FAR;
        return VIS(a, b) ? OK : R_HIDDEN;
    }
    if (L.stars[g].kind != GRAVITY)
        return R_NOT_GRAVITY;
    if (VIS(a, b))
        return R_DIRECT;
    if (dist2(g, a) > GRAVITY_REACH * GRAVITY_REACH || dist2(g, b) > GRAVITY_REACH * GRAVITY_REACH)
        return R_DISTANCE;
    /* Within 3.2 cells, so within the reach vis covers. */
    if (!VIS(g, a) || !VIS(g, b))
        return R_SIGHT;
    return bend_ok(a, g, b) ? OK : R_BEND;
}

/* The sign of ux*vy - uy*vx into o, for differences of coordinates (each -100..100). */
static int16_t turn_c;
#define TURN(o, ux, uy, vx, vy)                        \
    do {                                               \
        turn_c = MUL8(ux, vy) - MUL8(uy, vx);          \
        o = turn_c > 0 ? 1 : (turn_c < 0 ? -1 : 0);    \
    } while (0)

/* Whether (x, y) lies in the box of the segment from (x0, y0) to (x1, y1). */
static uint8_t in_box(uint8_t x0, uint8_t y0, uint8_t x1, uint8_t y1, uint8_t x, uint8_t y)
{
    if (x0 > x1) { uint8_t t = x0; x0 = x1; x1 = t; }
    if (y0 > y1) { uint8_t t = y0; y0 = y1; y1 = t; }
    return x >= x0 && x <= x1 && y >= y0 && y <= y1;
}

/* Whether segments s0-s1 and t0-t1 (star indices) clash: the same segment; one shared end
 * with the two running along each other; or, sharing no end, meeting anywhere (crossing,
 * touching, or overlapping on one line). */
uint8_t segments_clash(uint8_t s0, uint8_t s1, uint8_t t0, uint8_t t1)
{
    int8_t o1, o2, o3, o4, ux, uy, vx, vy;
    uint8_t c, ax, ay, bx, by, cx, cy, dx, dy;
    if ((s0 == t0 && s1 == t1) || (s0 == t1 && s1 == t0))
        return 1;
    c = NONE;
    if (s0 == t0 || s0 == t1)
        c = s0;
    else if (s1 == t0 || s1 == t1)
        c = s1;
    /* Sharing one end, two segments clash only when they run along each other from it:
     * then the nearer far end lies on the other segment, which no segment of a legal line
     * allows (each is kept 0.42 cells from every other star).  So two segments of legal
     * lines, the only ones this is asked about, that share one end never clash. */
    if (c != NONE)
        return 0;
    ax = SX[s0]; ay = SY[s0]; bx = SX[s1]; by = SY[s1];
    cx = SX[t0]; cy = SY[t0]; dx = SX[t1]; dy = SY[t1];
    /* Boxes apart: no meeting. */
    if ((ax < cx && ax < dx && bx < cx && bx < dx) || (ax > cx && ax > dx && bx > cx && bx > dx)
        || (ay < cy && ay < dy && by < cy && by < dy) || (ay > cy && ay > dy && by > cy && by > dy))
        return 0;
    ux = (int8_t)(bx - ax);
    uy = (int8_t)(by - ay);
    TURN(o1, ux, uy, (int8_t)(cx - ax), (int8_t)(cy - ay));
    TURN(o2, ux, uy, (int8_t)(dx - ax), (int8_t)(dy - ay));
    vx = (int8_t)(dx - cx);
    vy = (int8_t)(dy - cy);
    TURN(o3, vx, vy, (int8_t)(ax - cx), (int8_t)(ay - cy));
    TURN(o4, vx, vy, (int8_t)(bx - cx), (int8_t)(by - cy));
    if (o1 * o2 < 0 && o3 * o4 < 0)
        return 1;
    return (o1 == 0 && in_box(ax, ay, bx, by, cx, cy)) || (o2 == 0 && in_box(ax, ay, bx, by, dx, dy))
        || (o3 == 0 && in_box(cx, cy, dx, dy, ax, ay)) || (o4 == 0 && in_box(cx, cy, dx, dy, bx, by));
}

/* Whether two lines clash: any segment of one with any of the other. */
uint8_t lines_clash(const struct line *l, const struct line *m)
{
    uint8_t ls1 = l->g == NONE ? l->b : l->g;
    uint8_t ms1 = m->g == NONE ? m->b : m->g;
    if (segments_clash(l->a, ls1, m->a, ms1))
        return 1;
    if (m->g != NONE && segments_clash(l->a, ls1, m->g, m->b))
        return 1;
    if (l->g != NONE) {
        if (segments_clash(l->g, l->b, m->a, ms1))
            return 1;
        if (m->g != NONE && segments_clash(l->g, l->b, m->g, m->b))
            return 1;
    }
    return 0;
}

/* Every legal line into L.cand, in the reference's order: straight pairs (lower end first),
 * then, for each gravity star, its bent triples.  Stops at MAX_CAND. */
void find_candidates(void)
{
    uint8_t a, b, g, n = L.nstars, k = 0;
    for (a = 0; a < n; ++a)
        for (b = a + 1; b < n; ++b)
            if (k < MAX_CAND && check_line(a, NONE, b) == OK) {
                L.cand[k].a = a;
                L.cand[k].g = NONE;
                L.cand[k].b = b;
                ++k;
            }
    for (g = 0; g < n; ++g) {
        if (L.stars[g].kind != GRAVITY)
            continue;
        for (a = 0; a < n; ++a)
            for (b = a + 1; b < n; ++b)
                if (k < MAX_CAND && check_line(a, g, b) == OK) {
                    L.cand[k].a = a;
                    L.cand[k].g = g;
                    L.cand[k].b = b;
                    ++k;
                }
    }
    L.ncand = k;
}
