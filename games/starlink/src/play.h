/* The puzzle screen: picking stars, placing and removing lines, the status line. */
#ifndef PLAY_H
#define PLAY_H
#include "layout.h"

extern int16_t cur_x, cur_y;

void play_begin(void);
void play_clear(void);
void pick_at(int16_t x, int16_t y);
void show_message(uint8_t id);
void status_tick(void);
uint16_t jiffies_since_start(void);
#endif
