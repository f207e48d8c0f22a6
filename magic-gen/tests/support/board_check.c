/* Checks an emitted board header (prefix `b`) against a reference written here from the rules
 * alone: for every square, every occupancy of the squares a rider or cannon can be stopped by
 * (with random bits everywhere else, above the board too), the header's rook, bishop and cannon
 * equal a walk along the rays. Compiled with -DHEADER="...", -DFILES, -DRANKS, -DWIDE (1 for
 * an unsigned __int128 header) and -DHAS_ROOK, -DHAS_BISHOP, -DHAS_CANNON. */
#define B_IMPLEMENTATION
#include HEADER
#include <stdint.h>
#include <stdio.h>

#if WIDE
__extension__ typedef unsigned __int128 set;
#else
typedef uint64_t set;
#endif

static const int orthogonal[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
#ifdef HAS_BISHOP
static const int diagonal[4][2] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
#endif

static int on_board(int file, int rank) { return file >= 0 && rank >= 0 && file < FILES && rank < RANKS; }
static set square_bit(int file, int rank) { return (set)1 << (file + FILES * rank); }

/* Rays from `sq`: a rider up to and including the first piece; a cannon (hop) beyond the first
 * piece up to and including the next. */
static set walk(int sq, set occupied, const int dirs[4][2], int hop) {
    set attacks = 0;
    int d;
    for (d = 0; d < 4; d++) {
        int file = sq % FILES + dirs[d][0], rank = sq / FILES + dirs[d][1], screened = 0;
        for (; on_board(file, rank); file += dirs[d][0], rank += dirs[d][1]) {
            set here = square_bit(file, rank);
            if (hop && !screened) {
                screened = (occupied & here) != 0;
                continue;
            }
            attacks |= here;
            if (occupied & here) break;
        }
    }
    return attacks;
}

/* The squares along the rays that have a square beyond them. */
static set stoppers(int sq, const int dirs[4][2]) {
    set mask = 0;
    int d;
    for (d = 0; d < 4; d++) {
        int file = sq % FILES + dirs[d][0], rank = sq / FILES + dirs[d][1];
        for (; on_board(file + dirs[d][0], rank + dirs[d][1]); file += dirs[d][0], rank += dirs[d][1]) {
            mask |= square_bit(file, rank);
        }
    }
    return mask;
}

static uint64_t state = 0x9E3779B97F4A7C15ULL;
static uint64_t next_word(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

static set noise(void) {
#if WIDE
    return ((set)next_word() << 64) | next_word();
#else
    return next_word();
#endif
}

typedef set (*lookup)(unsigned, set);

static long check(const char *name, lookup get, const int dirs[4][2], int hop) {
    long checked = 0;
    int sq;
    for (sq = 0; sq < FILES * RANKS; sq++) {
        set mask = stoppers(sq, dirs), subset = 0;
        do {
            set occupied = subset | (noise() & noise() & ~mask);
            if (get((unsigned)sq, occupied) != walk(sq, occupied, dirs, hop)) {
                printf("%s differs on square %d\n", name, sq);
                return -1;
            }
            checked++;
            subset = (subset - mask) & mask;
        } while (subset != 0);
    }
    return checked;
}

int main(void) {
    long total = 0, n;
#ifdef HAS_ROOK
    if ((n = check("rook", b_rook_attacks, orthogonal, 0)) < 0) return 1;
    total += n;
#endif
#ifdef HAS_BISHOP
    if ((n = check("bishop", b_bishop_attacks, diagonal, 0)) < 0) return 1;
    total += n;
#endif
#ifdef HAS_CANNON
    if ((n = check("cannon", b_cannon_attacks, orthogonal, 1)) < 0) return 1;
    total += n;
#endif
    printf("%ld occupancies agree\n", total);
    return 0;
}
