/* STARLINK's shared block: every puzzle, line and message the game holds lives here, at a
 * fixed address, so that a host can set up a puzzle and read what the game did.  All fields
 * are bytes; coordinates are tenths of a cell.  src/games/starlink/layout.rs reads it. */
#ifndef LAYOUT_H
#define LAYOUT_H

#include <stdint.h>

#define MAX_STARS 16
#define MAX_PLACED 32
#define MAX_CAND 80
#define MAX_SOL 32
#define MAX_TRIPLES 448
#define MSG_LEN 80
#define NONE 0xFF

/* Star kinds. */
#define ORDINARY 0
#define GRAVITY 1

/* Game states. */
#define ST_BOOT 0
#define ST_TITLE 1
#define ST_CHOOSE 2
#define ST_GENERATING 3
#define ST_PLAYING 4
#define ST_SOLVED 5
#define ST_CHECKED 6

/* Host commands (written to `command` while the title shows). */
#define CMD_NONE 0
#define CMD_PLAY 1    /* generate puzzle `seed` at `level`, then play it */
#define CMD_STARS 2   /* play the stars written to `stars` (nstars of them) */
#define CMD_CHECK 3   /* generate, classify every (A, G, B) triple, then wait in ST_CHECKED */

struct star {
    uint8_t x, y, kind, number;
};

struct line {
    uint8_t a, g, b; /* g is NONE for a straight line */
};

struct layout {
    uint8_t magic[3];   /* 'S' 'L' 1 */
    uint8_t state;
    uint8_t command;
    uint8_t level;      /* 0 easy, 1 normal, 2 hard */
    uint8_t seed_lo, seed_hi;
    uint8_t nstars;
    uint8_t nplaced;
    uint8_t ncand;
    uint8_t nsol;
    uint8_t msg;        /* the last message's id (see rules.h) */
    uint8_t pick_a;     /* the first star picked, or NONE */
    uint8_t pick_g;     /* the gravity star picked as waypoint, or NONE */
    uint8_t tries;      /* layouts the generator made for this puzzle */
    uint8_t cur_x_lo, cur_x_hi, cur_y; /* the cursor, in bitmap pixels */
    uint8_t time[3];    /* jiffies taken to solve (little endian) */
    uint8_t progress;   /* generator progress, 0-100 */
    uint8_t ntriples;   /* lo byte of the number of classified triples */
    uint8_t ntriples_hi;
    uint8_t gen_frames_lo, gen_frames_hi; /* jiffies the generator took */
    uint8_t picks;      /* picks handled so far (wraps) */
    uint8_t reserved[4];
    struct star stars[MAX_STARS];      /* offset 32 */
    struct line placed[MAX_PLACED];    /* offset 96 */
    struct line cand[MAX_CAND];        /* offset 192 */
    struct line sol[MAX_SOL];          /* offset 432 */
    uint8_t triples[MAX_TRIPLES];      /* offset 528 */
    char text[MSG_LEN];                /* offset 976: the message shown, ASCII, '@' for the gravity star */
};

/* The block ends at $C420; the solver's clash lists follow it ($C420-$C73F, see solve.c),
 * and the font is at $C800-$CFFF. */
#ifdef __CC65__
#define L (*(struct layout *)0xC000)
#else
extern struct layout L;
#endif

#endif
