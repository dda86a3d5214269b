/* The messages the status line shows, kept in ASCII (the gravity star is '@'), and written
 * to the shared block as they are shown. */
#include <ascii_charmap.h>
#include <string.h>
#include "rules.h"
#include "msg.h"

static const char *const TEXT[] = {
    "",
    "A line needs two different stars.",
    "Can't start from a gravity star: star, then @, then star.",
    "Lines bend only at a gravity star.",
    "Those stars are too far apart.",
    "Those stars can't see each other.",
    "Stars that see each other must be linked directly.",
    "Too far from the gravity star.",
    "That star can't be seen from the gravity star.",
    "Bends too sharply at the gravity star.",
    "Lines may not cross.",
    "A gravity star bends at most two lines.",
    "Linked.",
    "Line removed.",
    "Solved!",
    "Now pick a star to link, or a @ to bend at.",
    "Bend at @: now pick the star to link to.",
    "",
    "All lines cleared.",
};

const char *message_text(uint8_t id)
{
    return TEXT[id];
}

/* Formats "Level Seed" and the like without printf: `n` in decimal at p, returning the end. */
char *put_number(char *p, uint16_t n)
{
    char buf[6];
    uint8_t k = 0;
    do {
        buf[k++] = (char)('0' + n % 10);
        n /= 10;
    } while (n);
    while (k)
        *p++ = buf[--k];
    *p = 0;
    return p;
}

static const char *const LEVEL[3] = { "easy", "normal", "hard" };

/* The status line's first row: level, seed, lines placed, time. */
void status_head(char *p, uint16_t seconds)
{
    char *q;
    strcpy(p, "STARLINK ");
    q = p + 9;
    if (L.seed_lo == 0 && L.seed_hi == 0) {
        strcpy(q, "tutorial");
        q += 8;
    } else {
        strcpy(q, LEVEL[L.level > 2 ? 2 : L.level]);
        q += strlen(q);
        *q++ = ' ';
        *q++ = '#';
        q = put_number(q, (uint16_t)(L.seed_lo | (L.seed_hi << 8)));
    }
    strcpy(q, "  lines ");
    q = put_number(q + 8, L.nplaced);
    strcpy(q, "  ");
    q = put_number(q + 2, seconds / 60);
    *q++ = ':';
    *q++ = (char)('0' + (seconds % 60) / 10);
    *q++ = (char)('0' + seconds % 10);
    while (q < p + 40)
        *q++ = ' ';
    *q = 0;
}

const char HELP[] = "Fire:pick  N:new  C:clear  T:title";
const char SOLVED_HELP[] = "Solved!  N:new puzzle  C:clear  T:title";
