/* Backtracking over the candidate lines: each is taken or left in turn; a branch ends when a
 * star would get more lines than its number, or the lines left touching it are too few.  The
 * candidates are decided in order of the leftmost star each touches, so that a star's lines
 * are all decided early and its number checked. */
#include "rules.h"
#include "solve.h"

/* Clashes as lists: the candidates clashing with candidate k are
 * clash_list[clash_start[k] .. clash_start[k + 1] - 1]. */
uint16_t clash_start[MAX_CAND + 1];
uint8_t clash_count[MAX_CAND];
#ifndef __CC65__
uint8_t clash_list[MAX_CLASHES];
#endif
uint16_t solve_nodes;
uint8_t found_lines[2][MAX_SOL];
uint8_t found_count[2];
uint16_t clash_pairs;

/* The search's order (position -> candidate), its ends and bends by position, and for each
 * position the clashing positions. */
static uint8_t sorder[MAX_CAND], pos[MAX_CAND];
static uint8_t oa[MAX_CAND], og[MAX_CAND], ob[MAX_CAND];
/* Each candidate's ends and bend, by index. */
static uint8_t ca[MAX_CAND], cg[MAX_CAND], cb[MAX_CAND];
/* How many taken lines each candidate (by index) clashes with. */
uint8_t blocked[MAX_CAND];
static uint8_t need[MAX_STARS], avail[MAX_STARS], bends[MAX_STARS];
static uint8_t found, limit, npicked, ncand, nstars;
static uint8_t picked[MAX_CAND];
static struct line leaf[MAX_CAND];
static uint8_t lo_x[MAX_CAND], hi_x[MAX_CAND], lo_y[MAX_CAND], hi_y[MAX_CAND];

static void boxes(void)
{
    uint8_t i, x, y, k;
    const struct line *l;
    for (i = 0; i < L.ncand; ++i) {
        l = &L.cand[i];
        lo_x[i] = hi_x[i] = SX[l->a];
        lo_y[i] = hi_y[i] = SY[l->a];
        for (k = 0; k < 2; ++k) {
            if (k == 0)
                x = l->b;
            else if (l->g != NONE)
                x = l->g;
            else
                break;
            y = SY[x];
            x = SX[x];
            if (x < lo_x[i]) lo_x[i] = x;
            if (x > hi_x[i]) hi_x[i] = x;
            if (y < lo_y[i]) lo_y[i] = y;
            if (y > hi_y[i]) hi_y[i] = y;
        }
    }
}

/* Sorts the candidates into the search's order by the x of the leftmost star each touches
 * (insertion sort, keys moved along). */
static void order_candidates(void)
{
    static uint8_t key[MAX_CAND];
    uint8_t i, j, k, v;
    for (i = 0; i < L.ncand; ++i) {
        v = lo_x[i];
        for (j = i; j > 0 && key[j - 1] > v; --j) {
            key[j] = key[j - 1];
            sorder[j] = sorder[j - 1];
        }
        key[j] = v;
        sorder[j] = i;
    }
    for (i = 0; i < L.ncand; ++i) {
        k = sorder[i];
        pos[k] = i;
        oa[i] = ca[k] = L.cand[k].a;
        og[i] = cg[k] = L.cand[k].g;
        ob[i] = cb[k] = L.cand[k].b;
    }
}

/* The clash lists of the candidates (lines whose boxes do not meet cannot clash), and the
 * search's order.  Call after find_candidates(). */
void build_clashes(void)
{
    uint8_t i, j, n = L.ncand;
    uint16_t k = 0;
    static uint16_t count[MAX_CAND];
#ifdef __CC65__
    /* The clashing pairs as found, at $C5B0-$C73F. */
    uint8_t *const pi = (uint8_t *)0xC5B0;
    uint8_t *const pj = (uint8_t *)(0xC5B0 + MAX_CLASHES / 2);
#else
    static uint8_t pi[MAX_CLASHES / 2], pj[MAX_CLASHES / 2];
#endif
    uint16_t np = 0;
    boxes();
    for (i = 0; i < n; ++i)
        count[i] = 0;
    for (i = 0; i < n; ++i)
        for (j = i + 1; j < n; ++j) {
            if (hi_x[i] < lo_x[j] || lo_x[i] > hi_x[j] || hi_y[i] < lo_y[j] || lo_y[i] > hi_y[j])
                continue;
            if (np < MAX_CLASHES / 2 && lines_clash(&L.cand[i], &L.cand[j])) {
                pi[np] = i;
                pj[np] = j;
                ++np;
                ++count[i];
                ++count[j];
            }
        }
    for (i = 0; i < n; ++i) {
        clash_start[i] = k;
        clash_count[i] = (uint8_t)count[i];
        k += count[i];
        count[i] = clash_start[i];
    }
    clash_start[n] = k;
    clash_pairs = np;
    for (k = 0; k < np; ++k) {
        clash_list[count[pi[k]]++] = pj[k];
        clash_list[count[pj[k]]++] = pi[k];
    }
    order_candidates();
}

static uint8_t root[MAX_STARS];

static uint8_t find_root(uint8_t i)
{
    while (root[i] != i)
        i = root[i];
    return i;
}

/* Whether the lines join every ordinary star into one constellation. */
uint8_t connected_lines(const struct line *lines, uint8_t n)
{
    uint8_t i, r = NONE;
    for (i = 0; i < L.nstars; ++i)
        root[i] = i;
    for (i = 0; i < n; ++i)
        root[find_root(lines[i].a)] = find_root(lines[i].b);
    for (i = 0; i < L.nstars; ++i) {
        if (L.stars[i].kind == GRAVITY)
            continue;
        if (r == NONE)
            r = find_root(i);
        else if (find_root(i) != r)
            return 0;
    }
    return 1;
}

/* Marks candidate k taken (d = 1) or not (d = -1) for the lines it clashes with. */
void block(uint8_t k, int8_t d)
{
    const uint8_t *p = clash_list + clash_start[k];
    uint8_t j, n = clash_count[k];
    for (j = 0; j < n; ++j)
        blocked[p[j]] += d;
}

/* What the search does next at each depth: enter it, come back from taking its line, or
 * come back from leaving it. */
#define ENTER 0
#define TOOK 1
#define LEFT 2
static uint8_t phase[MAX_CAND + 1], took[MAX_CAND];

/* Whether star s needs more lines than are left for it (counts stay below 128). */
#define LACKS(s) ((uint8_t)(avail[s] - need[s]) & 0x80)

/* The search, as a loop over depths (each depth one candidate in the search's order). */
static void search(void)
{
    static uint8_t k, a, g, b, c, j, n, e;
    static const uint8_t *p;
    k = 0;
    phase[0] = ENTER;
    for (;;) {
        if (k == ncand) {
            /* Every candidate decided: a solution if every number is met and the lines
             * make one constellation. */
            ++solve_nodes;
            for (a = 0; a < L.nstars; ++a)
                if (need[a])
                    break;
            if (a == L.nstars) {
                for (a = 0; a < npicked; ++a)
                    leaf[a] = L.cand[picked[a]];
                if (connected_lines(leaf, npicked)) {
                    /* Keep the first two solutions found, as candidate indices. */
                    if (found < 2) {
                        for (a = 0; a < npicked; ++a)
                            found_lines[found][a] = picked[a];
                        found_count[found] = npicked;
                    }
                    ++found;
                }
            }
            if (k == 0)
                return;
            --k;
            continue;
        }
        c = sorder[k];
        a = oa[k];
        g = og[k];
        b = ob[k];
        p = clash_list + clash_start[c];
        n = clash_count[c];
        if (phase[k] == ENTER) {
            if (found >= limit)
                goto up;
            ++solve_nodes;
            if (!blocked[c]) {
                --avail[a];
                --avail[b];
                if (g != NONE)
                    --avail[g];
            }
            took[k] = 0;
            /* Take it, when every star it counts toward still needs a line and it clashes
             * with no line taken. */
            phase[k] = TOOK;
            if (need[a] && need[b] && !blocked[c]
                && (g == NONE || (need[g] && bends[g] < MAX_BENDS))) {
                --need[a];
                --need[b];
                if (g != NONE) {
                    --need[g];
                    ++bends[g];
                }
                /* The lines it clashes with that are still to be decided can no longer
                 * count toward their stars. */
                for (j = 0; j < n; ++j) {
                    e = p[j];
                    if (blocked[e] == 0 && pos[e] > k) {
                        --avail[ca[e]];
                        --avail[cb[e]];
                        if (cg[e] != NONE)
                            --avail[cg[e]];
                    }
                    ++blocked[e];
                }
                picked[npicked++] = c;
                took[k] = 1;
                for (j = 0; j < nstars; ++j)
                    if (LACKS(j))
                        break;
                if (j == nstars) {
                    phase[++k] = ENTER;
                    continue;
                }
            }
        }
        if (phase[k] == TOOK) {
            if (took[k]) {
                --npicked;
                for (j = 0; j < n; ++j) {
                    e = p[j];
                    --blocked[e];
                    if (blocked[e] == 0 && pos[e] > k) {
                        ++avail[ca[e]];
                        ++avail[cb[e]];
                        if (cg[e] != NONE)
                            ++avail[cg[e]];
                    }
                }
                ++need[a];
                ++need[b];
                if (g != NONE) {
                    ++need[g];
                    --bends[g];
                }
                took[k] = 0;
            }
            /* Leave it. */
            phase[k] = LEFT;
            if (found < limit && !LACKS(a) && !LACKS(b) && (g == NONE || !LACKS(g))) {
                phase[++k] = ENTER;
                continue;
            }
        }
        if (!blocked[c]) {
            ++avail[a];
            ++avail[b];
            if (g != NONE)
                ++avail[g];
        }
    up:
        if (k == 0)
            return;
        --k;
    }
}

/* How many solutions the puzzle in L has, counting up to `lim`.  Needs build_clashes(). */
uint8_t count_solutions(uint8_t lim)
{
    uint8_t i;
    found = 0;
    limit = lim;
    npicked = 0;
    ncand = L.ncand;
    nstars = L.nstars;
    solve_nodes = 0;
    for (i = 0; i < ncand; ++i)
        blocked[i] = 0;
    for (i = 0; i < L.nstars; ++i) {
        need[i] = L.stars[i].number;
        avail[i] = 0;
        bends[i] = 0;
    }
    for (i = 0; i < ncand; ++i) {
        ++avail[L.cand[i].a];
        ++avail[L.cand[i].b];
        if (L.cand[i].g != NONE)
            ++avail[L.cand[i].g];
    }
    for (i = 0; i < L.nstars; ++i)
        if (need[i] > avail[i])
            return 0;
    if (lim)
        search();
    return found;
}
