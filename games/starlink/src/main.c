/* STARLINK for the C64: the title, the choice of level and seed, the generator's progress,
 * and the frame loop that reads the joystick in port 2, the keyboard and the light pen. */
#include <c64.h>
#include <cbm.h>
#include <conio.h>
#include <string.h>
#include "draw.h"
#include "msg.h"
#include "play.h"
#include "rules.h"
#include "solve.h"

/* Bitmap pixel (0, 0) as the light pen reports it: twice $D013 (X/2) and $D014 (the
 * raster line), the display window's first column and line. */
#define LPEN_X0 24
#define LPEN_Y0 51

#define KEY_UP 145
#define KEY_DOWN 17
#define KEY_LEFT 157
#define KEY_RIGHT 29
#define KEY_RETURN 13
#define KEY_DEL 20

static void wait_frame(void)
{
    while (VIC.rasterline != 250)
        ;
    while (VIC.rasterline == 250)
        ;
}

uint8_t joy_port2(void); /* io.s */
#define joystick joy_port2

/* Waits for the end of the frame (raster line 250), or less when the player acts: the fire
 * button goes down, a key is typed or the light pen sees light; a pick then starts at once. */
static void wait_frame_or_act(uint8_t fire_was_down)
{
    while (VIC.rasterline != 250) {
        if (((joystick() & 16) && !fire_was_down) || *(uint8_t *)0xC6 || (VIC.irr & 0x08))
            return;
    }
    while (VIC.rasterline == 250)
        ;
}

/* The next key typed, or 0: GETIN from the KERNAL's jump table (cc65's cgetc calls an
 * address inside Commodore's KERNAL that no jump table promises). */
static uint8_t key(void)
{
    return cbm_k_getin();
}

static uint16_t seed(void)
{
    return (uint16_t)(L.seed_lo | (L.seed_hi << 8));
}

static void set_seed(uint16_t s)
{
    L.seed_lo = (uint8_t)s;
    L.seed_hi = (uint8_t)(s >> 8);
}

static void title(void)
{
    text_on();
    bgcolor(COLOR_BLACK);
    bordercolor(COLOR_BLUE);
    textcolor(COLOR_WHITE);
    clrscr();
    L.state = ST_TITLE;
    cputsxy(15, 2, "S T A R L I N K");
    textcolor(COLOR_GRAY3);
    cputsxy(2, 5, "Link every star into one");
    cputsxy(2, 6, "constellation. A star's number is how");
    cputsxy(2, 7, "many lines end at it. Lines may not");
    cputsxy(2, 8, "cross, and may not pass close to a");
    cputsxy(2, 9, "star they do not join.");
    cputsxy(2, 11, "A gravity star (double ring) bends a");
    cputsxy(2, 12, "line between two stars that cannot");
    cputsxy(2, 13, "see each other: pick a star, then the");
    cputsxy(2, 14, "gravity star, then the other star.");
    cputsxy(2, 15, "Its number counts the lines it bends.");
    cputsxy(2, 17, "Pick with fire or RETURN (joystick 2,");
    cputsxy(2, 18, "cursor keys) or the light pen. Pick a");
    cputsxy(2, 19, "line to take it away.");
    textcolor(COLOR_YELLOW);
    cputsxy(2, 22, "Fire/RETURN: choose a puzzle");
    cputsxy(2, 23, "T: the tutorial");
}

static const char *const LEVELS[3] = { "easy", "normal", "hard" };

static void show_choice(void)
{
    char num[8];
    textcolor(L.level == 0 ? COLOR_YELLOW : COLOR_GRAY2);
    cputsxy(6, 6, "easy");
    textcolor(L.level == 1 ? COLOR_YELLOW : COLOR_GRAY2);
    cputsxy(6, 7, "normal");
    textcolor(L.level == 2 ? COLOR_YELLOW : COLOR_GRAY2);
    cputsxy(6, 8, "hard");
    cputsxy(3, 6, L.level == 0 ? ">" : " ");
    cputsxy(3, 7, L.level == 1 ? ">" : " ");
    cputsxy(3, 8, L.level == 2 ? ">" : " ");
    textcolor(COLOR_WHITE);
    put_number(num, seed());
    cputsxy(9, 11, "      ");
    cputsxy(9, 11, num);
}

/* Level and seed: up/down the level, left/right or digits the seed. 1 to play, 0 to leave. */
static uint8_t choose(void)
{
    uint8_t k, j, last = 0xFF, held = 0, typed = 0;
    uint16_t s;
    clrscr();
    L.state = ST_CHOOSE;
    textcolor(COLOR_WHITE);
    cputsxy(2, 2, "Choose a puzzle");
    textcolor(COLOR_GRAY3);
    cputsxy(2, 4, "Level (up/down):");
    cputsxy(2, 11, "Seed:");
    cputsxy(2, 13, "Left/right or type digits (DEL).");
    cputsxy(2, 14, "Seed 0 is the tutorial.");
    textcolor(COLOR_YELLOW);
    cputsxy(2, 17, "Fire/RETURN: play   T: title");
    show_choice();
    for (;;) {
        wait_frame();
        if (L.command)
            return 2;
        j = joystick();
        k = key();
        if (j != last || ++held > 10) {
            if (j != last)
                held = 0;
            if (j & 1)
                k = KEY_UP;
            else if (j & 2)
                k = KEY_DOWN;
            else if (j & 4)
                k = KEY_LEFT;
            else if (j & 8)
                k = KEY_RIGHT;
            else if ((j & 16) && !(last & 16))
                k = KEY_RETURN;
        }
        last = j;
        s = seed();
        if (k == KEY_UP && L.level > 0)
            --L.level;
        else if (k == KEY_DOWN && L.level < 2)
            ++L.level;
        else if (k == KEY_LEFT && s > 0)
            set_seed(s - 1);
        else if (k == KEY_RIGHT && s < 65535u)
            set_seed(s + 1);
        else if (k >= '0' && k <= '9' && (!typed || s < 6553)) {
            /* The first digit starts a new seed. */
            set_seed(typed ? s * 10 + (k - '0') : k - '0');
            typed = 1;
        }
        else if (k == KEY_DEL) {
            set_seed(s / 10);
            typed = 1;
        }
        else if (k == KEY_RETURN)
            return 1;
        else if (k == 't')
            return 0;
        else
            continue;
        show_choice();
    }
}

static uint8_t spin;

/* A star more on the progress line each time the generator reports, and the layouts tried. */
static void progress(uint8_t tries)
{
    char num[6];
    if (L.progress < 100)
        L.progress += 2;
    textcolor(COLOR_YELLOW);
    cputcxy((uint8_t)(4 + spin % 32), 12, '*');
    ++spin;
    textcolor(COLOR_GRAY3);
    put_number(num, tries);
    cputsxy(4, 14, "layouts tried: ");
    cputs(num);
}

static void generating(void)
{
    char num[8];
    uint16_t t0, t1;
    text_on();
    clrscr();
    L.state = ST_GENERATING;
    L.progress = 0;
    spin = 0;
    textcolor(COLOR_WHITE);
    cputsxy(2, 8, "Making puzzle #");
    put_number(num, seed());
    cputs(num);
    cputs(" (");
    cputs(LEVELS[L.level > 2 ? 2 : L.level]);
    cputs(")");
    t0 = *(uint8_t *)0xA2 | (*(uint8_t *)0xA1 << 8);
    generate(seed(), L.level, progress);
    t1 = *(uint8_t *)0xA2 | (*(uint8_t *)0xA1 << 8);
    L.gen_frames_lo = (uint8_t)(t1 - t0);
    L.gen_frames_hi = (uint8_t)((t1 - t0) >> 8);
    L.progress = 100;
}

/* Runs a command from the host: generate and play, play the stars given, or check. */
static void command(void)
{
    uint8_t c = L.command;
    L.command = CMD_NONE;
    if (c == CMD_STARS) {
        if (L.nstars > MAX_STARS)
            L.nstars = MAX_STARS;
        vis_build();
        find_candidates();
        L.nsol = 0;
        play_begin();
        return;
    }
    generating();
    if (c == CMD_CHECK) {
        classify_triples();
        L.state = ST_CHECKED;
        return;
    }
    play_begin();
}

/* The puzzle's frame loop until the player leaves for the title. */
static void play(void)
{
    uint8_t j, last = 0, k, held = 0, pen = 0, step;
    for (;;) {
        wait_frame_or_act(last & 16);
        if (L.command) {
            command();
            if (L.state == ST_CHECKED)
                return;
            continue;
        }
        j = joystick();
        if (j & 15) {
            held = held < 255 ? held + 1 : 255;
            step = held > 20 ? 3 : 1;
            if (j & 1) cur_y -= step;
            if (j & 2) cur_y += step;
            if (j & 4) cur_x -= step;
            if (j & 8) cur_x += step;
        } else
            held = 0;
        if ((j & 16) && !(last & 16))
            pick_at(cur_x, cur_y);
        last = j;
        if (VIC.irr & 0x08) {
            /* The light pen: latched once a frame while it sees light. */
            int16_t x = (int16_t)VIC.strobe_x * 2 - LPEN_X0;
            int16_t y = (int16_t)VIC.strobe_y - LPEN_Y0;
            VIC.irr = 0x08;
            if (!pen && x >= 0 && x < 320 && y >= 0 && y < 200) {
                cur_x = x;
                cur_y = y;
                pick_at(x, y);
            }
            pen = 2;
        } else if (pen)
            --pen;
        k = key();
        if (k == KEY_UP) cur_y -= 6;
        else if (k == KEY_DOWN) cur_y += 6;
        else if (k == KEY_LEFT) cur_x -= 6;
        else if (k == KEY_RIGHT) cur_x += 6;
        else if (k == KEY_RETURN)
            pick_at(cur_x, cur_y);
        else if (k == 'n') {
            if (seed() < 65535u)
                set_seed(seed() + 1);
            generating();
            play_begin();
        } else if (k == 'c')
            play_clear();
        else if (k == 't')
            return;
        if (cur_x < 0) cur_x = 0;
        if (cur_x > 319) cur_x = 319;
        if (cur_y < 0) cur_y = 0;
        if (cur_y > 167) cur_y = 167;
        L.cur_x_lo = (uint8_t)cur_x;
        L.cur_x_hi = (uint8_t)(cur_x >> 8);
        L.cur_y = (uint8_t)cur_y;
        sprite_at(0, cur_x, cur_y);
        status_tick();
    }
}

int main(void)
{
    uint8_t k, j, last = 0xFF;
    /* Everything but the command, level and seed a host may have written before RUN. */
    L.state = ST_BOOT;
    L.nstars = L.nplaced = L.ncand = L.nsol = 0;
    L.ntriples = L.ntriples_hi = 0;
    L.pick_a = L.pick_g = NONE;
    L.msg = M_NONE;
    L.text[0] = 0;
    L.picks = 0;
    L.magic[0] = 0x53; /* ASCII "SL" */
    L.magic[1] = 0x4C;
    L.magic[2] = 1;
    if (L.level > 2)
        L.level = 0;
    if (L.command > CMD_CHECK)
        L.command = CMD_NONE;
    if (L.command == CMD_NONE)
        set_seed(1);
    font_init();
    for (;;) {
        if (L.state != ST_CHECKED)
            title();
        for (;;) {
            wait_frame();
            if (L.command) {
                command();
                if (L.state != ST_CHECKED)
                    play();
                break;
            }
            j = joystick();
            k = key();
            if (k == 't') {
                set_seed(0);
                generating();
                play_begin();
                play();
                break;
            }
            if (k == KEY_RETURN || ((j & 16) && !(last & 16) && last != 0xFF)) {
                k = choose();
                if (k == 2)
                    continue;
                if (k == 1) {
                    generating();
                    play_begin();
                    play();
                }
                break;
            }
            last = j;
        }
    }
    return 0;
}
