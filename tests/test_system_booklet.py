"""The beginner SAYC against the ACBL SAYC System Booklet (revised January 2006): a table of
hands and auctions, each with the call the booklet gives and the booklet section deciding it.

The oracle is the booklet, read by hand, not the system's output: every row was written from
the booklet's text (the sections are cited as in sayc.toml: GA General Approach, NT Notrump
openings and responses, 2NT 2NT/3NT openings, MAJ Major suit openings, MIN Minor suit openings,
2C Strong 2♣ opening, W2 Weak two-bids, PRE Preempts, OC Overcalls, NTO Notrump overcall, DBL
Doubles (takeout, negative)). Where the booklet gives a range only in points, HCP are used; where
it lets two ranges meet (6-10 and 10-12) the split of sayc.toml is used and the row says so.
Each row also checks its own premise (the HCP of the hand), so a typo in a hand cannot pass.
Auctions are written from North as dealer; the hand is that of the player to call next.
"""

from __future__ import annotations

import pytest

from bridgelab.model.contract import Call
from bridgelab.model.hand import Hand
from bridgelab.system.advice import advise

# (auction, hand, HCP, booklet's call, booklet section and what decides)
TABLE = [
    # ---- openings ----------------------------------------------------------------------------
    ("", "AKQ2.AKJ.KQ2.AQ2", 28, "2C", "2C: 22+; balanced 28 opens 2♣ (3NT is 25-27)"),
    ("", "AKQ2.AKJ.KQ2.Q32", 24, "2C", "2C: balanced 22-24 opens 2♣, rebids 2NT"),
    ("", "AKQ2.AKJ.KQ2.K32", 25, "3NT", "GA: 3NT = 25-27"),
    ("", "AKQ2.AKQ.KQJ.K32", 27, "3NT", "GA: 3NT = 25-27"),
    ("", "AKQJ32.AKQ2.K2.2", 22, "2C", "2C: strong 2♣ with 22+"),
    ("", "AKQ2.AK2.KQ2.432", 21, "2NT", "GA: 2NT = 20-21"),
    ("", "AKQ2.AK2.KJ2.432", 20, "2NT", "GA: 2NT = 20-21"),
    ("", "AKQ2.AK2.K32.432", 19, "1C", "GA: 19 balanced is no NT opening; 1♣ with 3-3 minors"),
    ("", "KQ2.AJ32.KJ2.Q32", 16, "1NT", "GA: 1NT = 15-17 balanced"),
    ("", "AKJ32.Q2.KJ2.Q32", 16, "1NT", "GA: NT openings may hold a five-card major"),
    ("", "KQ2.AJ32.QJ2.J32", 14, "1C", "GA: 14 is below 1NT; 1♣ with 3-3 in the minors"),
    ("", "AQ2.AKJ2.QJ2.J32", 18, "1C", "GA: 18 is above 1NT; 1♣ with 3-3 in the minors"),
    ("", "AK432.KQ432.32.2", 12, "1S", "GA: open the higher of 5-5"),
    ("", "AKJ32.KQ5432.2.3", 13, "1H", "GA: the longer suit (six hearts) first"),
    ("", "A32.K2.KQ32.Q432", 14, "1D", "GA: 1♦ with 4-4 in the minors"),
    ("", "AJ32.K32.Q32.K32", 13, "1C", "GA: 1♣ with 3-3 in the minors"),
    ("", "AJ32.KQ32.K32.32", 13, "1D", "MIN: 1♦ on three with 4-4-3-2 (two clubs)"),
    ("", "AQ432.K32.QJ2.32", 12, "1S", "GA: five-card majors, 12 opens"),
    ("", "AQ432.K32.Q32.32", 11, "Pass", "GA: 11 without a long suit passes (rule of 20 is off)"),
    ("", "32.KQJ932.432.32", 6, "2H", "W2: weak two, 5-11 and six cards"),
    ("", "KQT932.32.432.32", 5, "2S", "W2: weak two at the bottom of 5-11"),
    ("", "32.32.AQJ932.432", 7, "2D", "W2: weak twos in diamonds, hearts and spades"),
    ("", "32.32.432.AQJ932", 7, "Pass", "W2: no weak 2♣ (2♣ is strong); six clubs are no preempt"),
    ("", "AQJ932.K2.432.32", 10, "2S", "W2: inside 5-11"),
    ("", "AQJ932.K2.Q32.32", 12, "1S", "GA/W2: 12 opens at the one level"),
    ("", "QJT932.32.432.32", 3, "Pass", "W2: under 5 HCP"),
    ("", "KQ9432.A432.32.2", 9, "Pass", "W2: no weak two with a side four-card major"),
    ("", "KQ9432.AJ9432.2.-", 10, "Pass", "W2: a six-card suit, not 6-6"),
    ("", "32.KQJ9432.32.32", 6, "3H", "PRE: three-level preempt with seven cards"),
    ("", "2.32.KQJ9432.432", 6, "3D", "PRE: three-level preempt with seven cards"),
    ("", "2.KQJ98432.32.32", 6, "4H", "PRE: four-level preempt with eight cards"),
    ("", "KQJ98432.2.32.32", 6, "4S", "PRE: four-level preempt with eight cards"),
    # ---- responses to one of a major -----------------------------------------------------------
    ("1H P", "K32.Q32.5432.J32", 6, "2H", "MAJ: single raise 6-10, three trumps"),
    ("1H P", "K32.Q32.A432.432", 9, "2H", "MAJ: single raise"),
    ("1H P", "K32.Q32.A432.J32", 10, "3H", "MAJ: limit raise 10-12 (10 makes the limit raise here)"),
    ("1H P", "K32.QJ2.A432.Q32", 12, "3H", "MAJ: limit raise 10-12"),
    ("1H P", "K3.Q432.A432.A32", 13, "2NT", "MAJ: Jacoby 2NT, four trumps and game values"),
    ("1S P", "AQ32.K2.A432.Q32", 15, "2NT", "MAJ: Jacoby 2NT"),
    ("1H P", "2.QJ432.K5432.32", 6, "4H", "MAJ: 4M = five trumps, a singleton, under 10"),
    ("1H P", "2.KJ432.Q5432.K2", 9, "4H", "MAJ: preemptive raise at 9"),
    ("1H P", "2.KJ432.K5432.K2", 10, "3H", "MAJ: 10 is too strong for the preemptive raise"),
    ("1H P", "KJ32.32.Q432.432", 6, "1S", "MAJ: new suit at the one level, 6+"),
    ("1S P", "32.KQ43.Q432.J32", 8, "1NT", "MAJ: 1NT 6-10; 2♥ would need five"),
    ("1S P", "32.KQ432.A32.Q32", 11, "2H", "MAJ 4.3: a two-level new suit is 11+ (five hearts: sayc.toml)"),
    ("1S P", "32.K32.Q32.AQJ32", 12, "2C", "MAJ 4.3: a two-level new suit, 11+"),
    ("1H P", "K32.32.AQ432.Q32", 11, "2D", "MAJ 4.3: 2♣, 2♦ = 11 points or more"),
    ("1S P", "K2.KQ32.AJ32.K32", 16, "3NT", "MAJ: 3NT = 15-17 balanced"),
    ("1S P", "32.K32.Q5432.J32", 6, "1NT", "MAJ: 1NT 6-10"),
    ("1S P", "32.K32.J5432.J32", 5, "Pass", "MAJ: under 6 passes"),
    ("1S P", "K32.A32.KJ32.Q32", 13, "2D", "MAJ: three trumps and 13: a new suit first"),
    ("1H P", "Q32.J32.5432.J32", 4, "Pass", "MAJ: under 6 passes"),
    # ---- responses to one of a minor -----------------------------------------------------------
    ("1C P", "K432.Q432.32.J32", 6, "1H", "MIN: four-card suits up the line: 1♥ with both majors"),
    ("1C P", "KJ432.Q432.2.J32", 7, "1S", "MIN: the longer major first"),
    ("1C P", "K32.Q32.J432.Q32", 8, "1D", "MIN: new suit at the one level"),
    ("1D P", "32.Q32.KJ32.Q432", 8, "2D", "MIN: single raise of 1♦ with four diamonds"),
    ("1D P", "32.Q32.KJ32.AQ32", 12, "3D", "MIN: limit raise 10-12 with four diamonds"),
    ("1C P", "32.Q32.K32.KJ432", 9, "2C", "MIN: single raise of 1♣ with five clubs"),
    ("1C P", "32.Q32.KJ2.KJ432", 10, "3C", "MIN: limit raise of 1♣ with five clubs"),
    ("1C P", "Q32.K32.J32.Q432", 8, "1NT", "MIN: 1NT 6-10; four clubs are not a raise of 1♣"),
    ("1D P", "K32.Q32.KJ3.K432", 12, "2C", "MIN: two-level new suit; 2NT would need 13"),
    ("1D P", "K32.Q32.KJ3.A432", 13, "2NT", "MIN: 2NT = 13-15 balanced"),
    ("1D P", "K32.A32.KJ3.A432", 15, "2NT", "MIN: 2NT = 13-15 balanced"),
    ("1D P", "K32.A32.KQ3.A432", 16, "3NT", "MIN: 3NT = 16-17 balanced"),
    ("1D P", "Q32.J32.432.Q432", 5, "Pass", "MIN: under 6 passes"),
    ("1D P", "Q32.J32.Q32.Q432", 7, "1NT", "MIN: 1NT 6-10"),
    ("1C P", "Q432.J32.Q32.Q32", 7, "1S", "MIN: a four-card major at the one level"),
    # ---- responses to 1NT ----------------------------------------------------------------------
    ("1NT P", "32.Q5432.432.432", 2, "2D", "NT: Jacoby transfer, any strength"),
    ("1NT P", "Q5432.32.432.432", 2, "2H", "NT: Jacoby transfer to spades"),
    ("1NT P", "K5432.K32.432.32", 6, "2H", "NT: transfer with five spades"),
    ("1NT P", "32.KQ5432.A32.K2", 12, "2D", "NT: transfer with six hearts and game values"),
    ("1NT P", "K432.Q432.Q32.J2", 8, "2C", "NT: Stayman, 8+ and a four-card major"),
    ("1NT P", "K432.Q32.K32.Q32", 10, "2C", "NT: Stayman with four spades and game values"),
    ("1NT P", "K432.Q432.J32.32", 6, "Pass", "NT: under 8 with a four-card major: pass"),
    ("1NT P", "K32.Q32.Q432.J32", 8, "2NT", "NT: 2NT invitational, 8-9"),
    ("1NT P", "K32.Q32.Q432.Q32", 9, "2NT", "NT: 2NT invitational, 8-9"),
    ("1NT P", "K32.Q32.K432.Q32", 10, "3NT", "NT: 3NT with 10-15"),
    ("1NT P", "K32.AQ2.K432.Q32", 14, "3NT", "NT: 3NT with 10-15"),
    ("1NT P", "KQ2.AQ2.K432.Q32", 16, "4NT", "NT: 4NT quantitative, invites 6NT"),
    ("1NT P", "KQ2.AQ2.KQ32.Q32", 18, "6NT", "NT: 6NT with 18+"),
    ("1NT P", "32.32.432.QJ9432", 3, "2S", "NT: 2♠ asks for 3♣ (weak, long minor)"),
    ("1NT P", "32.32.QJ9432.432", 3, "2S", "NT: 2♠ then 3♦ with long diamonds"),
    ("1NT P", "32.32.K32.AQ9432", 9, "3C", "NT: 3♣ invites 3NT with six clubs, two top honours"),
    ("1NT P", "K32.J32.J432.432", 5, "Pass", "NT: too weak for game"),
    # ---- opener after 1NT - responses ------------------------------------------------------------
    ("1NT P 2C P", "AK2.Q432.KQ3.Q32", 16, "2H", "NT: Stayman: four hearts"),
    ("1NT P 2C P", "AK32.Q432.KQ3.Q2", 16, "2H", "NT: with both majors bid 2♥"),
    ("1NT P 2C P", "AK32.Q32.KQ3.Q32", 16, "2S", "NT: Stayman: four spades"),
    ("1NT P 2C P", "AK2.Q32.KQ32.Q32", 16, "2D", "NT: Stayman: no four-card major"),
    ("1NT P 2D P", "AK2.32.KQ32.KJ32", 16, "2H", "NT: opener completes the transfer"),
    ("1NT P 2D P", "AK2.Q432.KQ3.K32", 17, "3H", "NT: jump with 17 and four-card support"),
    ("1NT P 2H P", "AK2.32.KQ32.KJ32", 16, "2S", "NT: opener completes the transfer"),
    ("1NT P 2S P", "AK2.Q32.KQ32.Q32", 16, "3C", "NT: opener must bid 3♣"),
    ("1NT P 2NT P", "AK2.Q32.KQ32.Q32", 16, "3NT", "NT: accept the invitation with 16-17"),
    ("1NT P 2NT P", "AK2.Q32.KJ32.Q32", 15, "Pass", "NT: decline with 15"),
    ("1NT P 4NT P", "AK2.Q32.KQ32.K32", 17, "6NT", "NT: accept 4NT with a maximum"),
    ("1NT P 4NT P", "AK2.Q32.KJ32.Q32", 15, "Pass", "NT: decline 4NT with a minimum"),
    ("1NT P 3C P", "AK2.Q32.KQ32.Q32", 16, "3NT", "NT: accept the minor invitation with a maximum"),
    ("1NT P 2C P 2H P 3NT P", "AK32.Q432.KQ3.Q2", 16, "4S", "NT: responder who used Stayman has four spades"),
    ("1NT P 2C P 2H P 3H P", "AK2.Q432.KQ3.Q32", 16, "4H", "NT: accept the invitation with a maximum"),
    ("1NT P 2C P 2H P 3H P", "AK2.J432.KQ3.Q32", 15, "Pass", "NT: decline with a minimum"),
    ("1NT P 2D P 2H P 3NT P", "Q7.Q103.AK4.KQ1073", 16, "4H", "NT: three hearts: the 5-3 fit"),
    ("1NT P 2D P 2H P 3NT P", "Q73.Q3.AK4.KQ1073", 16, "Pass", "NT: two hearts: 3NT"),
    ("1NT P 2D P 2H P 2NT P", "Q7.J103.AK4.KQ1073", 15, "3H", "NT: minimum with three hearts"),
    ("1NT P 2D P 2H P 2NT P", "Q7.Q103.AK4.KQ1073", 16, "4H", "NT: maximum with three hearts"),
    ("1NT P 2D P 2H P 2NT P", "Q73.K3.AK4.KQ1073", 17, "3NT", "NT: maximum with two hearts"),
    ("1NT P 2D P 2H P 2NT P", "Q73.J3.AK4.KQ1073", 15, "Pass", "NT: minimum with two hearts"),
    # ---- responder's second bid after 1NT ------------------------------------------------------
    ("1NT P 2C P 2H P", "K432.Q432.K32.J2", 9, "3H", "NT: invite in the fit"),
    ("1NT P 2C P 2H P", "K432.Q432.K32.Q2", 10, "4H", "NT: game in the fit"),
    ("1NT P 2C P 2H P", "K432.Q32.K32.Q32", 10, "3NT", "NT: no heart fit, game values"),
    ("1NT P 2C P 2H P", "K432.Q32.Q32.Q32", 9, "2NT", "NT: no heart fit, invitational"),
    ("1NT P 2C P 2S P", "K432.Q432.K32.Q2", 10, "4S", "NT: game in the fit"),
    ("1NT P 2C P 2D P", "K432.Q432.K32.Q2", 10, "3NT", "NT: no fit, game values"),
    ("1NT P 2C P 2D P", "K432.Q432.Q32.J2", 8, "2NT", "NT: no fit, invitational"),
    ("1NT P 2D P 2H P", "32.Q5432.432.432", 2, "Pass", "NT: weak: play 2♥"),
    ("1NT P 2D P 2H P", "32.KQ5432.A32.K2", 12, "4H", "NT: six hearts and game values"),
    ("1NT P 2D P 2H P", "32.KQ532.A32.Q32", 11, "3NT", "NT: five hearts and game values: opener chooses"),
    ("1NT P 2D P 2H P", "32.KQ532.Q32.J32", 8, "2NT", "NT: five hearts, invitational"),
    ("1NT P 2D P 2H P", "32.KQ5432.Q32.J2", 8, "3H", "NT: six hearts, invitational"),
    ("1NT P 2S P 3C P", "32.32.QJ9432.432", 3, "3D", "NT: 3♦ with long diamonds, to play"),
    ("1NT P 2S P 3C P", "32.32.432.QJ9432", 3, "Pass", "NT: pass 3♣ with long clubs"),
    # ---- 2NT and 2♣ ------------------------------------------------------------------------------
    ("2NT P", "K32.J32.5432.432", 4, "3NT", "2NT: game opposite 20-21"),
    ("2NT P", "K32.432.5432.432", 3, "Pass", "2NT: too weak for game"),
    ("2NT P", "K32.J432.5432.32", 4, "3C", "2NT: 3♣ Stayman"),
    ("2NT P", "32.Q5432.432.432", 2, "3D", "2NT: 3♦ transfer to hearts"),
    ("2NT P", "K32.KJ2.Q432.Q32", 11, "4NT", "2NT: 4NT quantitative"),
    ("2NT P", "K32.KJ2.Q432.A32", 13, "6NT", "2NT: 6NT"),
    ("2C P", "32.5432.5432.432", 0, "2D", "2C: 2♦ waiting"),
    ("2C P", "K32.Q32.Q432.J32", 8, "2NT", "2C: 2NT = 8+ balanced"),
    ("2C P", "32.KQ432.432.432", 5, "2D", "2C: a positive needs 8+"),
    ("2C P", "32.KQ432.A32.432", 9, "2H", "2C: positive: 8+ and a good five-card suit"),
    ("2C P", "32.432.432.AKJ32", 8, "3C", "2C: positive in clubs"),
    ("2C P 2D P", "AKQ2.AK2.KQ2.J32", 22, "2NT", "2C: 2♣ then 2NT = 22-24"),
    ("2C P 2D P", "AKQJ2.AKQ2.K2.32", 22, "2S", "2C: a suit rebid at the lowest level, five or more"),
    ("2C P 2D P 2NT P", "Q32.J32.5432.432", 3, "3NT", "2C: after 2NT the 2NT responses (systems on)"),
    ("2C P 2D P 2NT P", "432.432.5432.432", 0, "Pass", "2C: 2NT after 2♣ is not forcing"),
    ("2C P 2D P 2NT P", "32.Q5432.432.432", 2, "3D", "2C: transfers after 2♣-2♦-2NT"),
    ("2C P 2D P 2S P", "Q32.432.5432.432", 2, "3S", "2C: the major rebid is forcing: raise with support"),
    # ---- weak twos -------------------------------------------------------------------------------
    ("2H P", "A32.K32.K5432.A2", 14, "3H", "W2: a raise is to play"),
    ("2H P", "AK32.32.KQ32.AJ2", 17, "3NT", "W2: 3NT to play"),
    ("2H P", "A32.K432.KJ32.A2", 15, "2NT", "W2: 2NT forcing, asks for a feature"),
    ("2H P", "A32.K32.KQ432.A2", 16, "4H", "W2: game raise to play"),
    ("2H P", "Q432.32.Q432.J32", 5, "Pass", "W2: no fit, no values: pass"),
    ("2H P 2NT P", "32.KQJ932.432.32", 6, "3H", "W2: minimum: rebid the suit"),
    ("2H P 2NT P", "A2.KQJ932.432.32", 10, "3S", "W2: maximum: show the feature (ace of spades)"),
    ("2H P 2NT P", "Q2.KQJ932.Q32.32", 10, "3NT", "W2: maximum without a side ace or king"),
    # ---- opener's rebids -------------------------------------------------------------------------
    ("1C P 1D P", "A2.K432.K32.Q432", 12, "1H", "MIN: new suit up the line at the one level"),
    ("1C P 1H P", "A2.K432.K32.Q432", 12, "2H", "MIN: raise responder's major with four"),
    ("1C P 1H P", "K432.A2.K32.Q432", 12, "1S", "MIN: show four spades at the one level"),
    ("1C P 1H P", "A32.K32.K32.Q432", 12, "1NT", "MIN: 1NT rebid 12-14 balanced"),
    ("1D P 1S P", "AQ2.K32.AKJ2.Q32", 19, "2NT", "GA: 2NT rebid 18-19 balanced"),
    ("1H P 1S P", "A2.AQJ932.K32.32", 14, "2H", "MAJ: rebid a six-card suit"),
    ("1H P 1S P", "A2.AQJ93.32.K432", 14, "2C", "MAJ: a new lower suit"),
    ("1D P 1S P", "A2.AQ32.AKJ32.32", 18, "2H", "MIN: a reverse shows extra strength"),
    ("1C P 1S P", "A2.K32.K32.AQ432", 16, "2C", "MIN: five clubs, no fit, not balanced 12-14: 2♣"),
    ("1S P 2S P", "AKQ32.AK2.K32.32", 19, "4S", "MAJ: game opposite a single raise"),
    ("1S P 2S P", "AKJ32.A32.K32.32", 15, "Pass", "MAJ: minimum: pass the single raise"),
    ("1S P 2S P", "AKQ32.A32.K32.32", 16, "3S", "MAJ: invite with 16-18"),
    ("1S P 3S P", "AKJ32.Q32.K32.32", 13, "Pass", "MAJ: decline the limit raise with 12-13"),
    ("1S P 3S P", "AKJ32.K32.K32.32", 14, "4S", "MAJ: accept the limit raise"),
    ("1H P 2NT P", "K32.AQJ32.KQ32.2", 15, "3C", "MAJ: Jacoby 2NT: a singleton club"),
    ("1H P 2NT P", "K32.AQJ32.Q32.32", 12, "4H", "MAJ: Jacoby 2NT: minimum, no shortness"),
    ("1H P 2NT P", "K32.AQJ32.KQ2.Q2", 17, "3NT", "MAJ: Jacoby 2NT: medium, no shortness"),
    ("1H P 2NT P", "KQ2.AKJ32.KQ2.32", 18, "3H", "MAJ: Jacoby 2NT: 18+, no shortness"),
    ("1S P 2H P", "AKJ32.Q32.K32.32", 13, "3H", "MAJ: raise the five-card heart response with three"),
    ("1D P 2C P", "A2.K32.KQ32.Q432", 14, "3C", "MIN: raise responder's clubs with four"),
    # ---- responder's rebids ----------------------------------------------------------------------
    ("1C P 1H P 1NT P", "K32.AJ32.Q32.K32", 13, "3NT", "MIN: game opposite 12-14"),
    ("1C P 1H P 1NT P", "K32.AJ32.Q32.Q32", 12, "2NT", "MIN: invite opposite 12-14"),
    ("1C P 1H P 1NT P", "K32.QJ32.Q32.432", 8, "Pass", "MIN: no game opposite 12-14"),
    ("1C P 1S P 2S P", "AQ32.K32.K32.Q32", 14, "4S", "MAJ: game in the agreed major"),
    ("1C P 1S P 2S P", "AQ32.K32.Q32.J32", 12, "3S", "MAJ: invite in the agreed major"),
    ("1C P 1S P 2S P", "KQ32.J32.Q32.432", 8, "Pass", "MAJ: pass the raise with 6-10"),
    ("1H P 2H P 3H P", "K32.Q32.K432.432", 8, "4H", "MAJ: the top of the single raise accepts"),
    ("1H P 2H P 3H P", "K32.Q32.5432.J32", 6, "Pass", "MAJ: the bottom of the single raise declines"),
    # ---- competition -----------------------------------------------------------------------------
    ("1D", "KQJ32.K32.432.32", 9, "1S", "OC: one-level overcall 8-16, a good five-card suit"),
    ("1D", "86432.AK2.K32.32", 10, "Pass", "OC: the overcall needs a good suit"),
    ("1D", "AQ2.K32.KJ2.Q432", 15, "1NT", "NTO: 1NT overcall 15-18 balanced, a stopper"),
    ("1D", "KQ32.AJ32.2.K432", 13, "X", "DBL: takeout double, short in diamonds"),
    ("1S", "32.K2.AQJ32.K432", 13, "2D", "OC: two-level overcall with a good suit"),
    ("1D", "KQJ932.32.432.32", 6, "2S", "OC: jump overcalls are weak"),
    ("1H", "AKQ32.2.AKJ32.32", 17, "X", "DBL: a hand too strong to overcall doubles"),
    ("2H", "KQ32.2.AJ32.K432", 13, "X", "DBL: takeout double of a weak two"),
    ("1D", "32.32.Q5432.K432", 5, "Pass", "OC: no overcall, no double"),
    ("1D 1S P", "K32.Q32.K432.432", 8, "2S", "OC: raise partner's overcall with three"),
    ("1D 1S P", "K32.AQ2.K432.Q32", 14, "2D", "OC: cue bid: a good raise"),
    ("1D 1S P", "K432.32.5432.432", 3, "3S", "OC: jump raise is preemptive"),
    ("1D X P", "Q432.K32.432.432", 5, "1S", "DBL: advancer bids a four-card major"),
    ("1D X P", "Q32.K32.432.Q432", 7, "2C", "DBL: advancer bids the longest unbid suit"),
    ("1D X P", "K32.AQJ32.432.Q2", 12, "4H", "DBL: game with a five-card major and 12"),
    ("1D X P", "KJ32.K32.432.Q32", 9, "2S", "DBL: jump with 9-12"),
    ("1C 1H", "KJ32.32.Q432.432", 6, "X", "DBL: negative double shows four spades"),
    ("1C 1H", "KJ432.32.Q43.432", 6, "1S", "DBL: five spades are bid"),
    ("1H 1S", "32.K32.Q432.A432", 9, "2H", "MAJ/DBL: raise over the overcall"),
    ("1H 1S", "32.K432.Q432.AJ2", 10, "3H", "MAJ/DBL: limit raise over the overcall"),
    ("1H 1S", "K2.K32.Q432.AK32", 15, "4H", "MAJ/DBL: game raise over the overcall"),
    ("1H 1S", "K32.2.Q432.J5432", 6, "X", "DBL: negative double shows both minors"),
    ("1H X", "K32.32.AQ32.K432", 12, "XX", "DBL: redouble with 10+ after a takeout double"),
    ("1S 2H", "Q32.32.K432.J432", 6, "2S", "MAJ/DBL: raise after a two-level overcall"),
    ("1NT 2H", "KQ2.K2.A432.5432", 12, "3NT", "NT: after an overcall bids are natural: 3NT with a stopper"),
]


@pytest.mark.parametrize("auction,pbn,hcp,call,section", TABLE, ids=[f"{r[0] or '-'}|{r[1]}" for r in TABLE])
def test_the_booklet_call(auction, pbn, hcp, call, section):
    hand = Hand.from_pbn(pbn)
    assert hand.hcp == hcp, f"premise: {pbn} has {hand.hcp} HCP, not {hcp}"
    advice = advise(hand, auction or None)
    assert advice.covered, f"{section}: the system does not cover it"
    assert advice.call == Call.parse(call), f"{section}: booklet {call}, system says\n{advice}"


def test_the_table_is_big_enough_and_cited():
    assert len(TABLE) >= 150
    assert all(r[4].split(":")[0] for r in TABLE)
    kinds = {r[4].split(":")[0].split("/")[0] for r in TABLE}
    assert {"GA", "NT", "2NT", "MAJ", "MIN", "2C", "W2", "PRE", "OC", "NTO", "DBL"} <= kinds
