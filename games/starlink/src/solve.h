/* Counting a puzzle's solutions over its candidate lines, and the generator. */
#ifndef SOLVE_H
#define SOLVE_H

#include "layout.h"

#define MAX_CLASHES 400

extern uint16_t clash_start[MAX_CAND + 1];
#ifdef __CC65__
/* Above the shared block, beside the font: $C420-$C5AF. */
#define clash_list ((uint8_t *)0xC420)
#else
extern uint8_t clash_list[MAX_CLASHES];
#endif
extern uint8_t blocked[MAX_CAND];
/* The first two solutions count_solutions() found (candidate indices), and their sizes. */
extern uint8_t found_lines[2][MAX_SOL];
extern uint8_t found_count[2];
/* A solution count_solutions() does not count: its candidates flagged, and how many; NULL
 * to count every one. */
extern const uint8_t *solve_avoid;
extern uint8_t solve_avoid_count;
void block(uint8_t k, int8_t d);

void build_clashes(void);
uint8_t count_solutions(uint8_t limit);
uint8_t connected_lines(const struct line *lines, uint8_t n);

/* The generator: puzzle `seed` at `level` into L (seed 0 is the tutorial), with its one
 * solution in L.sol.  `progress` is called now and then with the layouts tried so far. */
void generate(uint16_t seed, uint8_t level, void (*progress)(uint8_t tries));
/* Each (A, G, B) triple's check into L.triples, in the candidate loop's order. */
void classify_triples(void);

#endif
