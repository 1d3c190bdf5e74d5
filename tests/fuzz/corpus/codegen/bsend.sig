<?xml version="1.0" encoding="UTF-8"?>
<signature xmlns="urn:skel:signature" version="1">
 <application ranks="2" mpi-library="MPICH Version:&#9;4.0.2" tracer="0.1.0">
  <arg>/app/bsend</arg>
 </application>
 <compression threshold="0" max-threshold="0.2" scale="3" ratio="46.625" trace-length="3730" signature-length="80" messages-matched="1800"/>
 <sites>
  <site id="0" module="/app/bsend" offset="4601" function="main" file="/app/x" line="16"/>
  <site id="1" module="/app/bsend" offset="5231" function="irr_clock" file="/app/x" line="36"/>
  <site id="2" module="/app/bsend" offset="5462" function="main" file="/app/x" line="48"/>
  <site id="3" module="/app/bsend" offset="5629" function="main" file="/app/x" line="55"/>
  <site id="4" module="/app/bsend" offset="6005" function="main" file="/app/x" line="46"/>
  <site id="5" module="/app/bsend" offset="6033" function="main" file="/app/x" line="51"/>
  <site id="6" module="/app/bsend" offset="5704" function="irr_clock" file="/app/x" line="36"/>
  <site id="7" module="/app/bsend" offset="5779" function="main" file="/app/x" line="65"/>
  <site id="8" module="/app/bsend" offset="5880" function="main" file="/app/x" line="77"/>
 </sites>
 <comms>
  <comm id="0" gid="0" members="0 1"/>
 </comms>
 <ranks>
  <rank id="0" class="0" events="1865" time-ns="52642338" compute-ns="10787252" mpi-ns="36869359" per-event-ns="139" comms="0 -"/>
  <rank id="1" class="0" events="1865" time-ns="50047898" compute-ns="10820161" mpi-ns="34689601" per-event-ns="142" comms="0 -"/>
 </ranks>
 <class id="0" ranks="0 1" program="3" events="1865" length="40" time-ns="51345118">
  <symbol id="0" call="MPI_Init" comm="0" site="0" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute min="5850" max="6598" shift="142"/>
   <duration min="30701613" max="30715825"/>
  </symbol>
  <symbol id="1" call="MPI_Barrier" comm="0" site="1" prev-site="0" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute mean="47575.5" min="43906" max="51245" shift="142" buckets="767:1 778:1"/>
   <compute-cpu min="12427" max="42614" shift="142"/>
   <duration min="8874" max="454347"/>
  </symbol>
  <symbol id="2" call="MPI_Bsend" comm="0" tag="0" dtsize="8" site="2" prev-site="1" occurrences="2" match="0">
   <peer kind="mod" value="1"/>
   <side role="member" events="2" count="16" bytes="128"/>
   <compute min="10198" max="10717" shift="142"/>
   <duration min="7882" max="7962"/>
  </symbol>
  <symbol id="3" call="MPI_Bsend" comm="0" tag="1" dtsize="8" site="2" prev-site="2" occurrences="480" match="1">
   <peer kind="mod" value="1"/>
   <side role="member" events="480" count="512" bytes="4096"/>
   <compute mean="212.67083333333332" min="91" max="15080" shift="142" buckets="320:1 322:3 325:4 328:11 330:2 334:12 335:11 336:7 338:6 341:45 343:32 349:44 350:43 353:42 354:73 357:18 358:25 361:9 362:7 365:2 366:6 374:2 377:4 378:1 381:3 382:3 385:4 386:5 389:4 390:2 393:3 394:1 397:6 398:2 400:2 402:4 403:2 405:1 406:3 407:3 409:2 410:1 412:2 413:2 414:1 415:3 417:2 422:1 427:1 429:1 435:1 447:1 452:1 456:1 681:1 691:1"/>
   <duration mean="1238.7854166666666" min="341" max="28993" buckets="416:1 418:2 422:1 428:2 430:1 433:2 434:1 438:1 441:1 443:1 445:3 447:2 449:1 450:6 451:7 452:1 453:2 454:3 455:2 456:1 457:5 458:1 459:4 460:7 461:5 462:4 463:12 464:9 465:7 466:11 467:11 468:14 469:19 470:26 471:17 472:20 473:18 474:15 475:17 476:16 477:21 478:24 479:17 480:12 481:15 482:9 483:4 484:6 485:4 486:3 487:5 488:6 490:3 491:1 492:2 496:2 497:2 498:1 501:2 503:1 506:1 507:2 508:1 509:1 511:3 512:2 513:2 514:1 516:3 518:1 522:2 525:1 526:1 527:1 529:1 530:1 532:1 538:1 602:1 604:1 605:1 606:1 608:2 610:1 611:1 618:1 619:1 621:1 624:4 625:4 626:1 627:3 628:3 629:1 630:1 636:1 643:1 650:2 673:1 701:1 738:1"/>
  </symbol>
  <symbol id="4" call="MPI_Bsend" comm="0" tag="2" dtsize="8" site="2" prev-site="2" occurrences="480" match="2">
   <peer kind="mod" value="1"/>
   <side role="member" events="480" count="4096" bytes="32768"/>
   <compute mean="1261.83125" min="1053" max="13889" shift="142" buckets="501:5 502:8 503:27 504:29 505:87 506:82 507:84 508:85 509:27 510:6 511:2 512:1 513:3 514:1 515:4 516:1 522:1 537:1 538:2 540:1 541:1 542:1 544:3 546:3 548:3 550:1 551:1 552:1 553:3 555:2 556:1 558:1 681:1 684:1"/>
   <duration mean="3817.320833333333" min="2644" max="56044" buckets="564:1 570:1 571:1 577:2 578:1 579:4 580:4 581:11 582:74 583:119 584:119 585:34 586:18 587:11 588:6 589:4 590:6 591:3 592:2 593:3 594:3 595:1 596:4 597:5 598:6 599:2 601:1 602:2 603:2 604:2 605:4 606:4 607:3 608:4 610:2 613:1 616:1 618:2 622:1 625:1 628:1 701:1 704:1 769:1 785:1"/>
  </symbol>
  <symbol id="5" call="MPI_Recv" comm="0" tag="0" dtsize="8" site="3" prev-site="2" occurrences="480" match="0">
   <peer kind="mod" value="1"/>
   <side role="member" events="480" count="16" bytes="128" rbytes="128"/>
   <compute mean="33998.629166666666" min="33097" max="172107" shift="142" buckets="750:410 751:44 752:12 753:5 754:1 755:2 758:1 780:1 798:1 800:1 863:1 865:1"/>
   <compute-cpu mean="32823.56458333333" min="0" max="85949" shift="142" zeros="1" buckets="749:441 750:19 751:9 752:2 753:1 754:1 756:1 779:1 797:1 799:1 815:2"/>
   <duration mean="226.52291666666667" min="70" max="27241" buckets="304:1 312:27 313:6 320:124 321:16 328:35 335:9 336:2 343:4 350:3 354:3 355:3 358:2 362:4 366:7 370:3 374:8 378:12 382:22 385:45 386:28 389:32 390:14 393:12 394:10 397:8 398:2 400:3 402:4 404:4 406:2 408:3 410:3 412:1 414:2 416:1 418:2 420:2 424:1 426:1 432:1 433:1 434:1 441:1 456:1 471:1 494:1 502:1 733:1"/>
  </symbol>
  <symbol id="6" call="MPI_Recv" comm="0" tag="1" dtsize="8" site="3" prev-site="3" occurrences="600" match="1">
   <peer kind="mod" value="1"/>
   <side role="member" events="600" count="512" bytes="4096" rbytes="4096"/>
   <compute mean="19.831666666666667" min="0" max="3356" shift="142" zeros="482" buckets="0:19 75:4 150:16 168:8 206:6 215:2 237:3 246:6 259:2 264:3 276:2 281:1 292:6 303:2 306:2 310:1 311:1 317:2 320:2 322:1 325:1 328:3 334:4 335:1 341:1 349:1 353:5 357:1 365:2 366:2 381:1 385:1 389:1 397:1 410:1 412:1 550:1 582:1"/>
   <duration mean="414.375" min="130" max="11587" buckets="350:8 354:38 355:9 358:72 362:65 366:27 370:11 374:8 378:13 382:34 385:34 386:6 389:35 390:15 393:32 394:13 397:21 398:16 400:32 402:17 404:13 406:1 408:1 410:3 412:5 414:4 416:1 418:1 420:3 422:1 424:1 428:1 430:1 432:1 436:1 449:1 456:2 459:1 461:1 468:1 472:1 479:1 502:1 520:1 540:1 548:1 550:3 551:1 552:4 553:3 554:2 555:8 556:2 558:3 559:3 560:1 561:1 562:2 563:1 564:1 566:2 569:1 573:1 590:1 597:1 602:1 656:1 670:1"/>
  </symbol>
  <symbol id="7" call="MPI_Recv" comm="0" tag="2" dtsize="8" site="3" prev-site="3" occurrences="600" match="2">
   <peer kind="mod" value="1"/>
   <side role="member" events="600" count="4096" bytes="32768" rbytes="32768"/>
   <compute mean="3.4583333333333335" min="0" max="162" shift="142" zeros="536" buckets="0:8 75:3 150:15 168:1 206:6 215:2 237:4 246:4 259:7 264:1 276:4 292:1 303:1 306:1 310:1 350:1 361:3 362:1"/>
   <duration mean="5680.205" min="4727" max="89333" buckets="607:41 608:226 609:110 610:40 611:32 612:15 613:11 614:12 615:6 616:8 617:11 618:9 619:6 620:4 621:1 622:4 623:4 624:2 625:3 626:2 627:7 628:2 630:4 631:2 632:1 634:2 635:3 636:1 637:1 640:1 644:1 647:1 654:1 656:1 658:2 660:1 662:1 664:2 665:2 666:1 667:2 668:2 669:3 671:3 672:2 756:1 794:1 815:1 818:1"/>
  </symbol>
  <symbol id="8" call="MPI_Bsend" comm="0" tag="0" dtsize="8" site="2" prev-site="3" occurrences="478" match="0">
   <peer kind="mod" value="1"/>
   <side role="member" events="478" count="16" bytes="128"/>
   <compute mean="28.236401673640167" min="0" max="312" shift="142" zeros="5" buckets="150:67 168:36 206:100 215:127 237:28 246:51 259:5 264:14 276:3 281:3 292:4 296:3 303:1 310:5 320:1 325:3 330:2 334:3 335:1 341:1 349:3 353:2 361:2 365:1 366:1 368:1 369:1 373:1 377:1 393:1 411:1"/>
   <duration mean="384.418410041841" min="141" max="7311" buckets="355:1 358:11 362:18 366:33 370:29 374:13 378:18 382:21 385:10 386:12 389:24 390:11 393:45 394:19 397:31 398:16 400:34 402:21 404:11 406:6 408:8 410:3 412:6 414:7 416:6 418:4 420:5 422:3 424:2 426:1 428:1 430:1 435:1 438:3 441:1 443:1 445:1 447:2 449:2 450:2 451:1 452:3 453:1 457:1 461:1 481:1 552:1 553:1 554:1 556:3 557:2 558:1 559:1 560:2 561:1 562:1 564:3 565:1 566:2 567:1 569:1 572:1 576:2 639:1"/>
  </symbol>
  <symbol id="9" call="MPI_Ibsend" comm="0" tag="0" dtsize="8" site="4" prev-site="3" occurrences="120" match="3">
   <peer kind="mod" value="1"/>
   <side role="member" events="120" count="16" bytes="128"/>
   <compute mean="453.51666666666665" min="8" max="48059" shift="142" buckets="150:9 168:2 206:18 215:9 237:15 246:24 259:8 264:19 276:2 281:2 296:2 320:1 325:1 349:1 353:2 405:1 423:1 489:1 497:1 773:1"/>
   <compute-cpu mean="279.2916666666667" min="8" max="27152" shift="142" buckets="150:9 168:2 206:18 215:9 237:15 246:24 259:8 264:19 276:2 281:2 296:2 320:1 325:1 349:1 353:2 405:1 423:1 489:1 497:1 733:1"/>
   <duration mean="390.7583333333333" min="150" max="4186" buckets="358:2 362:4 366:4 370:8 374:6 378:6 382:7 385:3 386:3 389:4 390:3 393:6 394:5 397:6 398:4 400:6 402:11 404:5 406:4 408:1 410:3 412:2 414:1 416:1 420:1 422:1 432:1 435:1 436:1 437:1 438:1 441:1 451:1 555:1 556:1 562:1 571:1 599:1 601:1"/>
  </symbol>
  <symbol id="10" call="MPI_Ibsend" comm="0" tag="1" dtsize="8" site="4" prev-site="4" occurrences="120" match="1">
   <peer kind="mod" value="1"/>
   <side role="member" events="120" count="512" bytes="4096"/>
   <compute mean="341.4" min="129" max="11325" shift="142" buckets="349:1 353:2 354:1 357:9 358:12 361:7 362:15 365:7 366:11 369:9 370:7 373:3 374:1 377:5 378:2 381:3 382:2 386:1 390:1 397:1 398:1 401:1 403:1 404:2 412:1 413:1 416:1 423:1 425:1 427:1 429:1 431:2 433:1 437:1 439:2 623:1 668:1"/>
   <duration mean="1258.0083333333334" min="381" max="11968" buckets="424:1 434:1 445:1 449:2 454:2 455:1 456:1 457:1 458:2 460:2 461:1 462:4 463:1 464:3 465:1 466:3 468:1 469:7 470:6 471:4 472:7 473:4 474:6 475:2 476:3 477:6 478:5 479:3 480:5 481:2 483:6 484:4 485:1 487:3 492:2 501:1 507:1 509:1 516:1 518:1 520:1 605:1 615:1 623:2 625:2 630:1 631:1 634:1 673:1"/>
  </symbol>
  <symbol id="11" call="MPI_Ibsend" comm="0" tag="2" dtsize="8" site="4" prev-site="4" occurrences="120" match="2">
   <peer kind="mod" value="1"/>
   <side role="member" events="120" count="4096" bytes="32768"/>
   <compute mean="1246.3416666666667" min="1082" max="2364" shift="142" buckets="502:1 503:2 504:5 505:2 506:18 507:20 508:24 509:30 510:2 511:3 513:1 514:2 515:2 516:1 525:1 536:1 552:2 554:1 556:1 558:1"/>
   <duration mean="3540.425" min="2985" max="5569" buckets="572:1 575:1 579:1 581:3 582:19 583:24 584:30 585:16 586:5 587:2 588:5 590:1 592:1 596:2 597:2 600:1 604:1 606:2 607:1 608:1 617:1"/>
  </symbol>
  <symbol id="12" call="MPI_Waitall" comm="0" site="5" prev-site="4" occurrences="120">
   <side role="member" events="120" count="0"/>
   <link dist="3" index="0" call="MPI_Ibsend"/>
   <link dist="2" index="1" call="MPI_Ibsend"/>
   <link dist="1" index="2" call="MPI_Ibsend"/>
   <compute mean="37.166666666666664" min="0" max="762" shift="142" zeros="58" buckets="0:7 75:2 150:3 168:5 206:3 215:2 237:4 246:2 259:2 264:2 276:5 281:5 292:2 296:2 303:3 310:1 311:1 314:1 334:1 338:1 341:2 353:1 361:1 397:1 416:1 463:1 473:1"/>
   <duration mean="224.35833333333332" min="60" max="9595" buckets="293:6 304:11 305:2 312:27 313:2 320:19 321:3 328:14 335:4 336:3 354:1 355:1 358:2 362:6 366:4 370:3 374:3 378:2 382:3 389:1 438:1 605:1 658:1"/>
  </symbol>
  <symbol id="13" call="MPI_Recv" comm="0" tag="0" dtsize="8" site="3" prev-site="5" occurrences="120" match="3">
   <peer kind="mod" value="1"/>
   <side role="member" events="120" count="16" bytes="128" rbytes="128"/>
   <compute mean="33499.225" min="33147" max="60228" shift="142" buckets="750:104 751:9 752:5 756:1 792:1"/>
   <compute-cpu mean="32703.591666666667" min="32376" max="59296" shift="142" buckets="749:112 750:4 751:2 754:1 790:1"/>
   <duration mean="178.81666666666666" min="80" max="1963" buckets="312:9 313:3 320:30 321:11 328:5 335:1 350:1 354:2 366:1 370:2 374:3 378:2 382:2 385:12 386:7 389:7 390:6 393:3 394:1 397:2 398:1 400:2 402:1 404:2 440:1 456:1 458:1 545:1"/>
  </symbol>
  <symbol id="14" call="MPI_Barrier" comm="0" site="6" prev-site="3" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute min="78" max="161" shift="142"/>
   <duration min="4837" max="37937"/>
  </symbol>
  <symbol id="15" call="MPI_Reduce" comm="0" dtsize="8" op="MPI_SUM" site="7" prev-site="6" occurrences="2">
   <root kind="abs" value="0"/>
   <side role="member" events="1" count="1" bytes="8"/>
   <side role="root" events="1" count="1" bytes="8" rbytes="8"/>
   <compute min="6879" max="7753" shift="142"/>
   <duration min="28953" max="2543484"/>
  </symbol>
  <symbol id="16" call="MPI_Finalize" comm="0" site="8" prev-site="7" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute min="37684" max="131612" shift="142"/>
   <compute-cpu mean="56414" min="36863" max="75965" shift="142" buckets="756:1 808:1"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="0" events="6" time-ns="47286.285228382156">
   <s ref="3"/>
   <s ref="4"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="8"/>
  </block>
  <block id="1" events="6" time-ns="47286.28522838215">
   <s ref="6"/>
   <s ref="7"/>
   <s ref="8"/>
   <s ref="3"/>
   <s ref="4"/>
   <s ref="5"/>
  </block>
  <block id="2" events="31" time-ns="236433.02758019525">
   <s ref="6"/>
   <s ref="7"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <loop body="1" count="4"/>
  </block>
  <block id="3" events="1865" time-ns="15889047.5">
   <s ref="0"/>
   <s ref="1"/>
   <s ref="2"/>
   <loop body="0" count="3"/>
   <s ref="3"/>
   <s ref="4"/>
   <s ref="5"/>
   <loop body="2" count="59"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="14"/>
   <s ref="15"/>
   <s ref="16"/>
  </block>
  <dominant block="2" count="59" share="0.8779348558956426" iteration-ns="236433.02758019525"/>
 </class>
</signature>
