//! Each rule on positions made for it (coordinates in tenths of a cell).

use super::*;

fn o(x: i32, y: i32) -> Star {
    Star::ordinary(x, y, 0)
}

fn g(x: i32, y: i32) -> Star {
    Star::gravity(x, y, 0)
}

fn puzzle(stars: &[Star]) -> Puzzle {
    Puzzle {
        stars: stars.to_vec(),
    }
}

#[test]
fn sight_is_blocked_at_exactly_042() {
    // (10, 17) is 0.42 cells from the segment (10, 10)–(22, 26): cross 84 over length 20.
    assert!(near_segment((10, 10), (22, 26), (10, 17), SIGHT));
    let p = puzzle(&[o(10, 10), o(22, 26), o(10, 17)]);
    assert!(!sees(&p, 0, 1));
    assert_eq!(check_line(&p, 0, None, 1), Err(Refusal::Hidden));
}

#[test]
fn sight_is_clear_just_past_042() {
    // Segment (10, 10)–(40, 13): (17, 15) is 129/√909 ≈ 4.28 tenths off (0.43 cells), clear;
    // (18, 15) is 126/√909 ≈ 4.18 tenths off, blocked. (0.43 exactly is no tenths position.)
    let clear = puzzle(&[o(10, 10), o(40, 13), o(17, 15)]);
    assert_eq!(check_line(&clear, 0, None, 1), Ok(Line::Straight(0, 1)));
    let blocked = puzzle(&[o(10, 10), o(40, 13), o(18, 15)]);
    assert_eq!(check_line(&blocked, 0, None, 1), Err(Refusal::Hidden));
    // Beyond an end the distance is to that end: √0.18 ≈ 0.424 cells is clear, 0.4 is not.
    assert!(!near_segment((10, 10), (40, 10), (7, 7), SIGHT));
    assert!(near_segment((10, 10), (40, 10), (10, 6), SIGHT));
}

#[test]
fn gravity_stars_block_sight_too() {
    let p = puzzle(&[o(10, 10), o(30, 10), g(20, 13)]);
    assert_eq!(check_line(&p, 0, None, 1), Err(Refusal::Hidden));
    let p = puzzle(&[o(10, 10), o(30, 10), g(20, 15)]);
    assert_eq!(check_line(&p, 0, None, 1), Ok(Line::Straight(0, 1)));
}

#[test]
fn straight_lines_reach_four_cells() {
    let pair = |x, y| puzzle(&[o(10, 10), o(x, y)]);
    assert_eq!(
        check_line(&pair(50, 10), 0, None, 1),
        Ok(Line::Straight(0, 1))
    );
    assert_eq!(
        check_line(&pair(51, 10), 1, None, 0),
        Err(Refusal::TooFarApart)
    );
    // (2.4, 3.2) is 4.0 cells exactly; (2.5, 3.2) is √16.49.
    assert_eq!(
        check_line(&pair(34, 42), 0, None, 1),
        Ok(Line::Straight(0, 1))
    );
    assert_eq!(
        check_line(&pair(35, 42), 0, None, 1),
        Err(Refusal::TooFarApart)
    );
}

#[test]
fn lines_never_start_at_a_gravity_star() {
    let p = tutorial();
    assert_eq!(check_line(&p, 3, None, 0), Err(Refusal::StartsAtGravity));
    assert_eq!(check_line(&p, 0, None, 3), Err(Refusal::StartsAtGravity));
    assert_eq!(check_line(&p, 3, Some(1), 2), Err(Refusal::StartsAtGravity));
    assert_eq!(check_line(&p, 0, Some(1), 2), Err(Refusal::NotGravity));
    assert_eq!(check_line(&p, 0, None, 0), Err(Refusal::SameStar));
    assert_eq!(
        Refusal::StartsAtGravity.to_string(),
        "Can't start from a gravity star: star, then ◎, then star."
    );
}

#[test]
fn bent_refusals_have_their_messages() {
    assert_eq!(
        Refusal::MustLinkDirectly.message(),
        "Stars that see each other must be linked directly."
    );
    assert_eq!(
        Refusal::TooFarFromGravity.message(),
        "Too far from the gravity star."
    );
    assert_eq!(
        Refusal::GravityCantSee.message(),
        "That star can't be seen from the gravity star."
    );
    assert_eq!(
        Refusal::TooSharp.message(),
        "Bends too sharply at the gravity star."
    );
}

#[test]
fn bent_refused_1_stars_that_see_each_other() {
    // A and B see each other 2 cells apart; G would make a fine bend otherwise.
    let p = puzzle(&[o(10, 10), o(30, 10), g(20, 25)]);
    assert_eq!(
        check_line(&p, 0, Some(2), 1),
        Err(Refusal::MustLinkDirectly)
    );
    // Seen but out of reach is not joinable straight, so it may bend (here it is too far).
    let p = puzzle(&[o(10, 10), o(51, 10), g(30, 30)]);
    assert_eq!(check_line(&p, 0, Some(2), 1), Ok(Line::Bent(0, 2, 1)));
}

#[test]
fn bent_refused_2_too_far_from_the_gravity_star() {
    // G→A is √13 ≈ 3.6 cells. A star also lies on G→A's way and the bend is fine: distance
    // is reported, being checked before sight.
    let p = puzzle(&[o(10, 10), o(30, 10), o(50, 10), g(30, 40), o(20, 25)]);
    assert!(!sees(&p, 3, 0));
    assert_eq!(
        check_line(&p, 0, Some(3), 2),
        Err(Refusal::TooFarFromGravity)
    );
    // 3.2 cells exactly is within reach.
    let p = puzzle(&[o(10, 10), o(20, 26), o(30, 42), g(10, 42)]);
    assert_eq!(check_line(&p, 0, Some(3), 2), Ok(Line::Bent(0, 3, 2)));
    let p = puzzle(&[o(10, 10), o(20, 26), o(30, 42), g(10, 43)]);
    assert_eq!(
        check_line(&p, 0, Some(3), 2),
        Err(Refusal::TooFarFromGravity)
    );
}

#[test]
fn bent_refused_3_gravity_star_cannot_see() {
    // The tutorial with a star halfway along G→A.
    let mut p = tutorial();
    p.stars.push(o(16, 18));
    assert_eq!(check_line(&p, 0, Some(3), 2), Err(Refusal::GravityCantSee));
    assert_eq!(check_line(&p, 2, Some(3), 0), Err(Refusal::GravityCantSee));
}

#[test]
fn bent_refused_4_too_sharp() {
    // G→A (−1.5, −2.8), G→B (1.5, −2.8): cosine ≈ 0.55.
    let p = puzzle(&[o(10, 10), o(25, 10), o(40, 10), g(25, 38)]);
    assert_eq!(check_line(&p, 0, Some(3), 2), Err(Refusal::TooSharp));
}

#[test]
fn bend_boundary_cosine_one_half_is_allowed() {
    // No two tenths vectors meet at exactly 60° (the tangent between them is rational), so the
    // boundary is tested on the integer test itself: 4·dot² = |GA|²·|GB|² is allowed.
    assert!(bend_allowed(50, 100, 100));
    assert!(!bend_allowed(51, 100, 100));
    assert!(bend_allowed(0, 100, 100));
    assert!(bend_allowed(-100, 100, 100));
    // The nearest positions either side: one tenth of G's height crosses it.
    // G→A (−1.5, −2.6): cosine ≈ 0.5006, refused; (−1.5, −2.5): ≈ 0.47, allowed.
    let p = puzzle(&[o(10, 10), o(25, 10), o(40, 10), g(25, 36)]);
    assert_eq!(check_line(&p, 0, Some(3), 2), Err(Refusal::TooSharp));
    let p = puzzle(&[o(10, 10), o(25, 10), o(40, 10), g(25, 35)]);
    assert_eq!(check_line(&p, 2, Some(3), 0), Ok(Line::Bent(0, 3, 2)));
}

/// Lines over stars 0-7 placed for the clash cases.
fn clash_field() -> Puzzle {
    puzzle(&[
        o(0, 0),   // 0
        o(20, 20), // 1
        o(0, 20),  // 2
        o(20, 0),  // 3
        g(10, 40), // 4
        o(40, 0),  // 5
        o(10, 0),  // 6
        o(30, 0),  // 7
    ])
}

#[test]
fn clash_crossing_lines() {
    let p = clash_field();
    assert!(clash(&p, &Line::Straight(0, 1), &Line::Straight(2, 3)));
    assert!(!clash(&p, &Line::Straight(0, 2), &Line::Straight(3, 1)));
}

#[test]
fn clash_not_when_touching_at_an_end() {
    let p = clash_field();
    assert!(!clash(&p, &Line::Straight(0, 1), &Line::Straight(0, 3)));
    assert!(!clash(&p, &Line::Straight(0, 3), &Line::Straight(3, 5)));
}

#[test]
fn clash_identical_segments() {
    let p = clash_field();
    assert!(clash(&p, &Line::Straight(0, 3), &Line::Straight(3, 0)));
    // A→G→B and A→G→C share the segment A–G.
    assert!(clash(&p, &Line::Bent(2, 4, 1), &Line::Bent(2, 4, 5)));
}

#[test]
fn clash_not_for_two_bent_lines_sharing_g() {
    let p = clash_field();
    assert!(!clash(&p, &Line::Bent(2, 4, 1), &Line::Bent(0, 4, 5)));
}

#[test]
fn clash_collinear_overlap() {
    let p = clash_field();
    // (0,0)–(2,0) and (1,0)–(3,0) overlap; (0,0)–(1,0) and (3,0)–(4,0) do not meet.
    assert!(clash(&p, &Line::Straight(0, 3), &Line::Straight(6, 7)));
    assert!(!clash(&p, &Line::Straight(0, 6), &Line::Straight(7, 5)));
    // Sharing an end and running along each other is more than touching.
    assert!(clash(&p, &Line::Straight(0, 3), &Line::Straight(0, 6)));
    // Sharing an end and leaving it in opposite directions is touching.
    assert!(!clash(&p, &Line::Straight(6, 0), &Line::Straight(6, 3)));
}

#[test]
fn constellation_must_be_one() {
    // Two pairs far apart: every number met, nothing clashes, but two constellations.
    let p = Puzzle {
        stars: vec![
            Star::ordinary(10, 10, 1),
            Star::ordinary(20, 10, 1),
            Star::ordinary(10, 80, 1),
            Star::ordinary(20, 80, 1),
        ],
    };
    let lines = [Line::Straight(0, 1), Line::Straight(2, 3)];
    assert_eq!(why_unsolved(&p, &lines), Some(Unsolved::Disconnected));
    assert!(solve(&p, 10).is_empty());
}

#[test]
fn bent_lines_join_their_ends_not_g() {
    let p = tutorial();
    // A–G–B alone leaves the middle star out; G never needs joining.
    assert!(!connected(&p, &[Line::Bent(0, 3, 2)]));
    assert!(connected(&p, &[Line::Bent(0, 3, 2), Line::Straight(0, 1)]));
    assert!(connected(&p, &[Line::Straight(0, 1), Line::Straight(1, 2)]));
}

#[test]
fn unsolved_reasons() {
    let p = tutorial();
    let all = [
        Line::Straight(0, 1),
        Line::Straight(1, 2),
        Line::Bent(0, 3, 2),
    ];
    assert_eq!(why_unsolved(&p, &all), None);
    assert_eq!(
        why_unsolved(&p, &all[..2]),
        Some(Unsolved::Number(0)),
        "A has one line of two"
    );
    assert_eq!(
        why_unsolved(&p, &[Line::Straight(0, 2)]),
        Some(Unsolved::Illegal(0, Refusal::Hidden))
    );
    assert_eq!(
        why_unsolved(&p, &[all[0], all[0]]),
        Some(Unsolved::Clash(0, 1))
    );
}

#[test]
fn tutorial_candidates() {
    let p = tutorial();
    assert_eq!(check_line(&p, 0, None, 2), Err(Refusal::Hidden));
    assert_eq!(check_line(&p, 0, Some(3), 2), Ok(Line::Bent(0, 3, 2)));
    assert_eq!(
        candidates(&p),
        vec![
            Line::Straight(0, 1),
            Line::Straight(1, 2),
            Line::Bent(0, 3, 2)
        ]
    );
}

#[test]
fn tutorial_has_exactly_one_solution() {
    let p = tutorial();
    let found = solve(&p, 10);
    assert_eq!(
        found,
        vec![vec![
            Line::Straight(0, 1),
            Line::Straight(1, 2),
            Line::Bent(0, 3, 2)
        ]]
    );
    assert!(is_solved(&p, &found[0]));
    assert!(solve(&p, 0).is_empty());
}

#[test]
fn solver_skips_crossing_diagonals() {
    // A square two cells a side: with every number 2 the only solution is its four sides
    // (the other two cycles use both diagonals, which cross); with every number 1 none
    // (sides leave two constellations, diagonals cross).
    let square = |n| Puzzle {
        stars: vec![
            Star::ordinary(10, 10, n),
            Star::ordinary(30, 10, n),
            Star::ordinary(30, 30, n),
            Star::ordinary(10, 30, n),
        ],
    };
    assert_eq!(candidates(&square(2)).len(), 6);
    let found = solve(&square(2), 10);
    assert_eq!(found.len(), 1);
    let mut sides = found[0].clone();
    sides.sort_by_key(|l| l.ends());
    assert_eq!(
        sides,
        vec![
            Line::Straight(0, 1),
            Line::Straight(0, 3),
            Line::Straight(1, 2),
            Line::Straight(2, 3)
        ]
    );
    assert!(solve(&square(1), 10).is_empty());
}

#[test]
fn at_most_two_bends_through_one_gravity_star() {
    // The tutorial's pair turned four ways about one G at (5, 5): each pair's middle star
    // hides its ends from each other, so each pair joins only bent through G.
    let mut stars = vec![g(50, 50)];
    let mut turn = (1, 0, 0, 1);
    for _ in 0..4 {
        for (dx, dy) in [(-12, -16), (0, -16), (11, -16)] {
            let (a, b, c, d) = turn;
            stars.push(o(50 + a * dx + b * dy, 50 + c * dx + d * dy));
        }
        turn = (-turn.2, -turn.3, turn.0, turn.1);
    }
    let p = puzzle(&stars);
    let bends: Vec<Line> = (0..4)
        .map(|i| check_line(&p, 1 + 3 * i, Some(0), 3 + 3 * i).unwrap())
        .collect();
    assert_eq!(
        why_unsolved(&p, &bends[..3]),
        Some(Unsolved::TooManyBends(0))
    );
    assert_ne!(
        why_unsolved(&p, &bends[..2]),
        Some(Unsolved::TooManyBends(0))
    );
}
