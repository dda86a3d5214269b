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
uint8_t found_lines[2][MAX_SOL];
uint8_t found_count[2];

/* The search's order (position -> candidate), its ends and bends by position, and for each
 * position the clashing positions. */
static uint8_t sorder[MAX_CAND];
uint8_t pos[MAX_CAND];
static uint8_t oa[MAX_CAND], og[MAX_CAND], ob[MAX_CAND];
/* Each candidate's ends and bend, by index. */
uint8_t ca[MAX_CAND], cg[MAX_CAND], cb[MAX_CAND];
/* How many taken lines each candidate (by index) clashes with. */
uint8_t blocked[MAX_CAND];
uint8_t need[MAX_STARS], avail[MAX_STARS], bends[MAX_STARS];
uint8_t found, limit, npicked;
static uint8_t ncand, nstars;
uint8_t picked[MAX_CAND];
static struct line leaf_lines[MAX_CAND];
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

/* What the search does next at each depth: enter it; come back from taking its line (then
 * leave it); come back from leaving it (then take it); or come back from the second branch. */
#define ENTER 0
#define TAKEN_FIRST 1
#define LEFT_FIRST 2
#define SECOND 3
static uint8_t phase[MAX_CAND + 1];
uint8_t took[MAX_CAND];

/* Whether star s needs more lines than are left for it (counts stay below 128). */
#define LACKS(s) ((uint8_t)(avail[s] - need[s]) & 0x80)

/* The solution not to count (its candidates flagged), or none. */
const uint8_t *solve_avoid;
uint8_t solve_avoid_count;

/* The line at the current depth: its candidate, ends, bend and clash list (shared with
 * search_asm.s). */
uint8_t s_k, s_a, s_g, s_b, s_c, s_n;
const uint8_t *s_p;
#define k s_k
#define a s_a
#define g s_g
#define b s_b
#define c s_c
#define n s_n
#define p s_p

#ifdef __CC65__
/* search_asm.s */
uint8_t take_asm(void);
void untake_asm(void);
uint8_t leave_ok_asm(void);
#define take take_asm
#define untake untake_asm
#define leave_ok leave_ok_asm
#else

/* Takes the line, when every star it counts toward still needs a line and it clashes with
 * no line taken; 1 when the search may go on below (every star can still be met). */
static uint8_t take(void)
{
    static uint8_t j, e, s, lacks;
    if (!need[a] || !need[b] || blocked[c] || (g != NONE && (!need[g] || bends[g] >= MAX_BENDS)))
        return 0;
    --need[a];
    --need[b];
    if (g != NONE) {
        --need[g];
        ++bends[g];
    }
    /* The lines it clashes with that are still to be decided can no longer count toward
     * their stars; only their stars and this line's changed. */
    lacks = LACKS(a) | LACKS(b);
    if (g != NONE)
        lacks |= LACKS(g);
    for (j = 0; j < n; ++j) {
        e = p[j];
        if (blocked[e] == 0 && pos[e] > k) {
            s = ca[e];
            --avail[s];
            lacks |= LACKS(s);
            s = cb[e];
            --avail[s];
            lacks |= LACKS(s);
            s = cg[e];
            if (s != NONE) {
                --avail[s];
                lacks |= LACKS(s);
            }
        }
        ++blocked[e];
    }
    picked[npicked++] = c;
    took[k] = 1;
    return !lacks;
}

/* Undoes take(), if it took the line. */
static void untake(void)
{
    static uint8_t j, e;
    if (!took[k])
        return;
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

/* Whether the search may go on below with the line left out. */
static uint8_t leave_ok(void)
{
    return found < limit && !LACKS(a) && !LACKS(b) && (g == NONE || !LACKS(g));
}
#endif

/* Every candidate decided: a solution if every number is met and the lines make one
 * constellation (the avoided one is not counted). */
static void leaf(void)
{
    static uint8_t i;
    for (i = 0; i < L.nstars; ++i)
        if (need[i])
            return;
    if (solve_avoid && npicked == solve_avoid_count) {
        for (i = 0; i < npicked; ++i)
            if (!solve_avoid[picked[i]])
                break;
        if (i == npicked)
            return;
    }
    for (i = 0; i < npicked; ++i)
        leaf_lines[i] = L.cand[picked[i]];
    if (!connected_lines(leaf_lines, npicked))
        return;
    /* Keep the first two solutions found, as candidate indices. */
    if (found < 2) {
        for (i = 0; i < npicked; ++i)
            found_lines[found][i] = picked[i];
        found_count[found] = npicked;
    }
    ++found;
}

/* The search, as a loop over depths (each depth one candidate in the search's order).  A
 * line of the avoided solution is left out first, any other taken first, so that another
 * solution, if there is one, is met early. */
static void search(void)
{
    k = 0;
    phase[0] = ENTER;
    for (;;) {
        if (k == ncand) {
            leaf();
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
        switch (phase[k]) {
        case ENTER:
            if (found >= limit)
                goto up;
            if (!blocked[c]) {
                --avail[a];
                --avail[b];
                if (g != NONE)
                    --avail[g];
            }
            took[k] = 0;
            if (solve_avoid && solve_avoid[c]) {
                phase[k] = LEFT_FIRST;
                if (leave_ok()) {
                    phase[++k] = ENTER;
                    continue;
                }
                goto left_first;
            }
            phase[k] = TAKEN_FIRST;
            if (take()) {
                phase[++k] = ENTER;
                continue;
            }
            /* fall through */
        case TAKEN_FIRST:
            untake();
            phase[k] = SECOND;
            if (leave_ok()) {
                phase[++k] = ENTER;
                continue;
            }
            goto done;
        case LEFT_FIRST:
        left_first:
            phase[k] = SECOND;
            if (found < limit && take()) {
                phase[++k] = ENTER;
                continue;
            }
            untake();
            goto done;
        default:
            untake();
        done:
            if (!blocked[c]) {
                ++avail[a];
                ++avail[b];
                if (g != NONE)
                    ++avail[g];
            }
        }
    up:
        if (k == 0)
            return;
        --k;
    }
}

#undef k
#undef a
#undef g
#undef b
#undef c
#undef n
#undef p

/* How many solutions the puzzle in L has, counting up to `lim`.  Needs build_clashes(). */
uint8_t count_solutions(uint8_t lim)
{
    uint8_t i;
    found = 0;
    limit = lim;
    npicked = 0;
    ncand = L.ncand;
    nstars = L.nstars;
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
