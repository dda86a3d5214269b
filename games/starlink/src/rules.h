/* STARLINK's rules in integer geometry (tenths of a cell), as in the Rust reference. */
#ifndef RULES_H
#define RULES_H

#include "layout.h"

/* Line checks: 0 is a legal line, the others why it is refused, checked in this order. */
#define OK 0
#define R_SAME 1          /* both ends (or an end and the bend) are one star */
#define R_START_GRAVITY 2 /* an end is a gravity star */
#define R_NOT_GRAVITY 3   /* the bend is at an ordinary star */
#define R_TOO_FAR 4       /* a straight line longer than the reach */
#define R_HIDDEN 5        /* a straight line passing too near another star */
#define R_DIRECT 6        /* bent: the ends can be joined straight */
#define R_DISTANCE 7      /* bent: an end too far from the gravity star */
#define R_SIGHT 8         /* bent: the gravity star can't see an end */
#define R_BEND 9          /* bent: sharper than 120 degrees */
/* Other messages. */
#define M_CROSS 10        /* the line would cross a placed line */
#define M_BENDS 11        /* a gravity star already bends two lines */
#define M_PLACED 12
#define M_REMOVED 13
#define M_SOLVED 14
#define M_PICKED 15
#define M_WAYPOINT 16
#define M_NONE 17
#define M_CLEARED 18

#define SIGHT2_X100 1764 /* 0.42 cells squared, in hundredths squared */
#define REACH 40
#define GRAVITY_REACH 32
#define MAX_BENDS 2


uint8_t check_line(uint8_t a, uint8_t g, uint8_t b);
uint8_t sees(uint8_t a, uint8_t b);
void vis_build(void);
uint8_t bend_ok(uint8_t a, uint8_t g, uint8_t b);
uint16_t dist2(uint8_t a, uint8_t b);
void squares(void);
void sync_stars(void);
extern uint8_t SX[MAX_STARS], SY[MAX_STARS];
extern uint16_t vis[MAX_STARS];
/* For segments of legal lines (see rules.c). */
uint8_t segments_clash(uint8_t s0, uint8_t s1, uint8_t t0, uint8_t t1);
uint8_t lines_clash(const struct line *l, const struct line *m);
void find_candidates(void);

#endif
