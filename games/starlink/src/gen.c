/* The generator: stars placed at random (a 16-bit xorshift seeded by seed and level), a
 * solution chosen from their candidate lines, numbers read from it, and the whole kept only
 * when the puzzle has no other solution. */
#include "rules.h"
#include "solve.h"

/* xorshift32 (13, 17, 5) on `rng`, giving bits 8-23 of each new state; in assembly on the
 * C64 (io.s). */
#ifdef __CC65__
extern uint32_t rng;
uint16_t xorshift32(void);
#define next xorshift32
#else
static uint32_t rng;

static uint16_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return (uint16_t)(rng >> 8);
}
#endif

/* A number in 0..n-1. */
static uint8_t below(uint8_t n)
{
    return (uint8_t)(next() % n);
}

/* Stars per level: ordinary, gravity. */
static const uint8_t ORD[3] = { 6, 9, 12 };
static const uint8_t GRAV[3] = { 1, 1, 2 };

/* Places star i at random, at least `gap` tenths from every star before it. */
static uint8_t place(uint8_t i, uint8_t kind, uint8_t gap)
{
    uint8_t t, j, x, y, dx, dy;
    uint16_t g2 = (uint16_t)gap * gap;
    for (t = 0; t < 40; ++t) {
        SX[i] = L.stars[i].x = x = 5 + below(91);
        SY[i] = L.stars[i].y = y = 5 + below(44);
        for (j = 0; j < i; ++j) {
            dx = x > SX[j] ? x - SX[j] : SX[j] - x;
            if (dx >= gap)
                continue;
            dy = y > SY[j] ? y - SY[j] : SY[j] - y;
            if (dy < gap && dist2(i, j) < g2)
                break;
        }
        if (j == i) {
            L.stars[i].kind = kind;
            L.stars[i].number = 0;
            return 1;
        }
    }
    return 0;
}

/* Places gravity star g where it can bend at least one line between the ordinary stars:
 * two within 3.2 cells that cannot be joined straight, a bend of 120 degrees or wider, and
 * both seen from it.  vis[] must hold the ordinary stars' sight lines (gravity stars placed
 * since are not counted in it: this only picks a place, the candidates decide later). */
static uint8_t place_gravity(uint8_t g)
{
    uint8_t t, a, b, n, near_a, near_b, cl[MAX_STARS], seen[MAX_STARS];
    L.nstars = g + 1;
    for (t = 0; t < 30; ++t) {
        if (!place(g, GRAVITY, 10))
            return 0;
        n = 0;
        for (a = 0; a < g; ++a)
            if (L.stars[a].kind == ORDINARY && dist2(g, a) <= GRAVITY_REACH * GRAVITY_REACH) {
                cl[n] = a;
                seen[n++] = 0; /* not yet known: 1 seen, 2 hidden */
            }
        for (a = 0; a < n; ++a)
            for (b = a + 1; b < n; ++b) {
                near_a = cl[a];
                near_b = cl[b];
                if ((vis[near_a] & ((uint16_t)1 << near_b)) || !bend_ok(near_a, g, near_b))
                    continue;
                if (!seen[a])
                    seen[a] = sees(g, near_a) ? 1 : 2;
                if (seen[a] == 2)
                    break;
                if (!seen[b])
                    seen[b] = sees(g, near_b) ? 1 : 2;
                if (seen[b] == 1)
                    return 1;
            }
    }
    return 0;
}

static uint8_t order[MAX_CAND];
static uint8_t comp[MAX_STARS];

static uint8_t comp_of(uint8_t i)
{
    while (comp[i] != i)
        i = comp[i];
    return i;
}

static uint8_t clashes_set(uint8_t k)
{
    return blocked[k] != 0;
}

static uint8_t insol[MAX_CAND];

static void take(uint8_t k)
{
    insol[k] = 1;
    block(k, 1);
    L.sol[L.nsol++] = L.cand[k];
    comp[comp_of(L.cand[k].a)] = comp_of(L.cand[k].b);
}

/* Every star's number from the solution's lines. */
static void number(void)
{
    uint8_t i;
    for (i = 0; i < L.nstars; ++i)
        L.stars[i].number = 0;
    for (i = 0; i < L.nsol; ++i) {
        ++L.stars[L.sol[i].a].number;
        ++L.stars[L.sol[i].b].number;
        if (L.sol[i].g != NONE)
            ++L.stars[L.sol[i].g].number;
    }
}

/* Chooses a solution among the candidates, in a shuffled order: k bent lines at each gravity
 * star, then each straight line that clashes with none taken so far: always when it joins two
 * constellations, otherwise three times in four (a set this full is nearly always the only
 * one its numbers allow).  Then sets the numbers from it.  0 when no
 * gravity star can bend a line, or the lines do not make one constellation. */
static uint8_t choose(void)
{
    uint8_t i, j, t, k, n = L.ncand, g, want, got;
    L.nsol = 0;
    for (i = 0; i < n; ++i)
        blocked[i] = insol[i] = 0;
    for (i = 0; i < L.nstars; ++i)
        comp[i] = i;
    for (i = 0; i < n; ++i)
        order[i] = i;
    for (i = n; i > 1; --i) {
        j = below(i);
        t = order[i - 1];
        order[i - 1] = order[j];
        order[j] = t;
    }
    for (g = 0; g < L.nstars; ++g) {
        if (L.stars[g].kind != GRAVITY)
            continue;
        want = below(10) < 4 ? 2 : 1;
        got = 0;
        for (i = 0; i < n && got < want; ++i) {
            k = order[i];
            if (L.cand[k].g == g && !clashes_set(k)) {
                take(k);
                ++got;
            }
        }
        if (got == 0)
            return 0;
    }
    for (i = 0; i < n; ++i) {
        k = order[i];
        if (L.cand[k].g != NONE || clashes_set(k))
            continue;
        if (comp_of(L.cand[k].a) != comp_of(L.cand[k].b) || below(4) != 0)
            take(k);
    }
    if (!connected_lines(L.sol, L.nsol))
        return 0;
    number();
    return 1;
}

/* When the puzzle has another solution: adds to ours each straight line of that one that
 * clashes with none of ours, which rules that solution out.  0 when there is none. */
static uint8_t extend(void)
{
    uint8_t f, i, k, added, n = L.ncand;
    f = 0;
    for (i = 0; i < found_count[0]; ++i)
        if (!insol[found_lines[0][i]])
            break;
    if (i == found_count[0])
        f = 1;
    for (i = 0; i < n; ++i)
        blocked[i] = 0;
    for (i = 0; i < n; ++i)
        if (insol[i])
            block(i, 1);
    added = 0;
    for (i = 0; i < found_count[f]; ++i) {
        k = found_lines[f][i];
        if (!insol[k] && L.cand[k].g == NONE && !blocked[k]) {
            take(k);
            added = 1;
        }
    }
    number();
    return added;
}

static void tutorial(void)
{
    static const uint8_t T[16] = { 10, 10, ORDINARY, 2, 22, 10, ORDINARY, 2,
                                   33, 10, ORDINARY, 2, 22, 26, GRAVITY, 1 };
    uint8_t i;
    for (i = 0; i < 16; ++i)
        ((uint8_t *)L.stars)[i] = T[i];
    L.nstars = 4;
    vis_build();
    find_candidates();
    build_clashes();
    L.nsol = 0;
    for (i = 0; i < L.ncand; ++i)
        L.sol[L.nsol++] = L.cand[i];
}

void generate(uint16_t seed, uint8_t level, void (*progress)(uint8_t tries))
{
    uint8_t i, ok, c, c2, r, nord, ngrav;
    L.tries = 0;
    squares();
    if (seed == 0) {
        tutorial();
        return;
    }
    if (level > 2)
        level = 2;
    nord = ORD[level];
    ngrav = GRAV[level];
    rng = ((uint32_t)seed << 16) ^ ((uint32_t)level << 8) ^ 0x2545F491UL;
    for (i = 0; i < 8; ++i)
        next();
    for (;;) {
        if (L.tries < 255)
            ++L.tries;
        if (progress)
            progress(L.tries);
        ok = 1;
        for (i = 0; i < nord && ok; ++i)
            ok = place(i, ORDINARY, 12);
        L.nstars = nord;
        if (ok)
            vis_build();
        for (; i < nord + ngrav && ok; ++i)
            ok = place_gravity(i);
        if (!ok)
            continue;
        L.nstars = nord + ngrav;
        vis_build();
        find_candidates();
        if (progress)
            progress(L.tries);
        build_clashes();
        for (c = 0; c < 4; ++c) {
            if (!choose())
                break;
            /* Is there a solution but ours?  Then add its lines to ours, a few times over. */
            for (r = 0; r < 6; ++r) {
                if (progress)
                    progress(L.tries);
                solve_avoid = insol;
                solve_avoid_count = L.nsol;
                c2 = count_solutions(1);
                solve_avoid = 0;
                if (c2 == 0)
                    return;
                if (!extend())
                    break;
            }
        }
    }
}

/* Each (A, G, B) triple, A < B both ordinary, G a gravity star: its check, in order. */
void classify_triples(void)
{
    uint8_t a, b, g, n = L.nstars;
    uint16_t k = 0;
    for (g = 0; g < n; ++g) {
        if (L.stars[g].kind != GRAVITY)
            continue;
        for (a = 0; a < n; ++a) {
            if (L.stars[a].kind == GRAVITY)
                continue;
            for (b = a + 1; b < n; ++b)
                if (L.stars[b].kind != GRAVITY && k < MAX_TRIPLES)
                    L.triples[k++] = check_line(a, g, b);
        }
    }
    L.ntriples = (uint8_t)k;
    L.ntriples_hi = (uint8_t)(k >> 8);
}
