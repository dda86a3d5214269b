#ifndef MSG_H
#define MSG_H
#include <stdint.h>
const char *message_text(uint8_t id);
char *put_number(char *p, uint16_t n);
void status_head(char *p, uint16_t seconds);
extern const char HELP[];
extern const char SOLVED_HELP[];
#endif
